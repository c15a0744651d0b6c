import { type SQL, sql } from 'drizzle-orm';

/**
 * The roadmap rule "complete this course before moving on", as SQL for the study module's course
 * query (so that gating stays inside its one query).
 *
 * For learner `userId` and course `courseId` it yields `{ id, name }` of the first course before
 * `courseId` on the learner's roadmap (the roadmap of their branch and authorization) that is
 * marked "complete this course before moving on", has lessons, and is not finished by them (fewer
 * passed lessons than lessons); null when nothing blocks the course, including when the course is
 * not on their roadmap or they have none. `passed(lesson)` is the study module's "lesson passed"
 * condition over `lesson_progress` and the given lesson columns.
 *
 * Every table inside is aliased (`rm_*`, and the inner `lesson_progress` shadows any outer one),
 * so the subquery can sit in a query that already reads courses, lessons and progress.
 * `roadmapLocks` (service.ts) applies the same rule to a whole roadmap in memory; the API tests
 * check the two agree.
 */
export function roadmapBlockerSql(
  userId: SQL,
  courseId: SQL,
  passed: (lesson: { minStudyMinutes: SQL; examQuestionCount: SQL; videoKind: SQL }) => SQL,
): SQL<{ id: number; name: string } | null> {
  const passedLesson = passed({
    minStudyMinutes: sql`rm_l.min_study_minutes`,
    examQuestionCount: sql`rm_l.exam_question_count`,
    videoKind: sql`rm_l.video_kind`,
  });
  return sql<{ id: number; name: string } | null>`(
    select json_build_object('id', rm_bc.id, 'name', rm_bc.name)
    from users rm_u
    join roadmaps rm_r on rm_r.branch_id = rm_u.branch_id and rm_r.authorization_id = rm_u.authorization_id
    join roadmap_courses rm_me on rm_me.roadmap_id = rm_r.id and rm_me.course_id = ${courseId}
    join roadmap_courses rm_e on rm_e.roadmap_id = rm_r.id and rm_e.rank < rm_me.rank
    join courses rm_bc on rm_bc.id = rm_e.course_id
    where rm_u.id = ${userId}
      and rm_bc.must_complete_before_next
      and rm_bc.lesson_count > 0
      and (
        select count(*) from lessons rm_l
        join lesson_progress on lesson_progress.lesson_id = rm_l.id and lesson_progress.user_id = ${userId}
        where rm_l.course_id = rm_bc.id and ${passedLesson}
      ) < rm_bc.lesson_count
    order by rm_e.rank
    limit 1
  )`;
}
