import type { TRoadmapCourseOption } from '@academy/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { courses } from '../courses/tables';
import { services } from '../org/tables';

/**
 * The courses a roadmap may hold, for its form (reads the courses table read-only: roadmap staff
 * need not hold COURSE_MANAGEMENT to pick courses). One query.
 */
export async function courseOptions(db: Db): Promise<TRoadmapCourseOption[]> {
  return db
    .select({
      id: courses.id,
      name: courses.name,
      serviceId: courses.serviceId,
      serviceName: services.name,
      mustCompleteBeforeNext: courses.mustCompleteBeforeNext,
      lessonCount: courses.lessonCount,
    })
    .from(courses)
    .innerJoin(services, eq(services.id, courses.serviceId))
    .orderBy(asc(courses.position), asc(courses.id));
}
