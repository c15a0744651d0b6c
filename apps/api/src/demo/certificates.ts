import { DEFAULT_CERTIFICATE_LAYOUT } from '@academy/contract';
import { and, eq, inArray, max } from 'drizzle-orm';
import { issueForCompletion } from '../modules/certificates/issue';
import { SAMPLE_TEMPLATE_KEY, SAMPLE_TEMPLATE_NAME } from '../modules/certificates/samples';
import { certificates } from '../modules/certificates/tables';
import { courses, lessons } from '../modules/courses/tables';
import { lessonProgress } from '../modules/study/tables';
import { users } from '../modules/users/tables';
import type { Db } from '../platform/db/client';

/** The demo courses that grant the demo certificate. */
export const DEMO_CERTIFICATE_COURSES = ['Workplace safety', 'Customer care essentials'];
export const DEMO_CERTIFICATE_NAME = 'Certificate of completion';

/**
 * The demo certificate: the built-in template (written to storage when first read), granted by
 * two demo courses, and issued to the demo student for the course they finished (its PDF is
 * rendered by the job, or when first downloaded). A handful of statements.
 */
export async function seedDemoCertificates(db: Db): Promise<void> {
  const [certificate] = await db
    .insert(certificates)
    .values({
      name: DEMO_CERTIFICATE_NAME,
      templateKey: SAMPLE_TEMPLATE_KEY,
      fileName: SAMPLE_TEMPLATE_NAME,
      pageWidth: 842,
      pageHeight: 595,
      layout: DEFAULT_CERTIFICATE_LAYOUT,
    })
    .returning({ id: certificates.id });
  if (!certificate) return;
  const granting = await db
    .update(courses)
    .set({ certificateId: certificate.id })
    .where(inArray(courses.name, DEMO_CERTIFICATE_COURSES))
    .returning({ id: courses.id, name: courses.name });
  const safety = granting.find((c) => c.name === DEMO_CERTIFICATE_COURSES[0]);
  const [student] = await db.select({ id: users.id }).from(users).where(eq(users.employeeCode, 'student'));
  if (!safety || !student) return;
  const [finished] = await db
    .select({ at: max(lessonProgress.passedAt) })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .where(and(eq(lessonProgress.userId, student.id), eq(lessons.courseId, safety.id)));
  await issueForCompletion(db, { userId: student.id, courseId: safety.id, at: finished?.at ?? new Date() });
}
