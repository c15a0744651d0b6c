import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { issuedCertificates } from './tables';

/** The latest certificate a learner holds for a course, if one was issued (for the xAPI statements). */
export async function certificateOfCompletion(
  db: Db,
  userId: number,
  courseId: number,
): Promise<{ id: number; code: string; issuedAt: Date } | undefined> {
  const [row] = await db
    .select({
      id: issuedCertificates.id,
      code: issuedCertificates.code,
      issuedAt: issuedCertificates.issuedAt,
    })
    .from(issuedCertificates)
    .where(and(eq(issuedCertificates.userId, userId), eq(issuedCertificates.courseId, courseId)))
    .orderBy(desc(issuedCertificates.cycle))
    .limit(1);
  return row;
}
