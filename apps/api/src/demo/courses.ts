import { youtubeWatchUrl } from '@academy/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { refreshCourseCounts } from '../modules/courses/counts';
import { SAMPLE_DOCUMENTS } from '../modules/courses/samples';
import { courses, lessonDocuments, lessons, topics } from '../modules/courses/tables';
import { services } from '../modules/org/tables';
import { lessonProgress } from '../modules/study/tables';
import { users } from '../modules/users/tables';
import type { Db } from '../platform/db/client';
import { DEMO_EXAMS, seedDemoExams } from './exams';

/** Demo courses: Blender open movies on YouTube stand in for training videos. */
const VIDEOS = {
  bunny: { id: 'aqz-KE-bpKQ', seconds: 634 },
  sintel: { id: 'eRsGyueVLvQ', seconds: 888 },
  steel: { id: 'R6MlUcmOul8', seconds: 734 },
  spring: { id: 'WhWc3b3KhnY', seconds: 464 },
} as const;
type Video = keyof typeof VIDEOS;

type DemoLesson = { name: string; video: Video; minutes: number; document?: number };
type DemoCourse = {
  name: string;
  /** Index into the demo services (0 Mobile, 1 Fibre, 2 TV). */
  service: number;
  ordered: boolean;
  featured: boolean;
  mustCompleteBeforeNext?: boolean;
  requirements: string;
  topics: { name: string; lessons: DemoLesson[] }[];
  /** How many of its lessons (in order) the demo student has passed; one more is in progress. */
  studentPassed?: number;
};

export const DEMO_COURSES: DemoCourse[] = [
  {
    name: 'Customer care essentials',
    service: 0,
    ordered: true,
    featured: true,
    requirements: 'For every new customer care agent. Headphones recommended.',
    studentPassed: 3,
    topics: [
      {
        name: 'Welcoming the customer',
        lessons: [
          { name: 'The first thirty seconds', video: 'bunny', minutes: 2, document: 0 },
          { name: 'Listening before answering', video: 'spring', minutes: 2 },
        ],
      },
      {
        name: 'Solving the problem',
        lessons: [
          { name: 'Checking the line status', video: 'steel', minutes: 3 },
          { name: 'Escalating to the network team', video: 'sintel', minutes: 3 },
        ],
      },
      {
        name: 'Closing the call',
        lessons: [
          { name: 'Summarising the next steps', video: 'spring', minutes: 2 },
          { name: 'Follow-up and satisfaction survey', video: 'bunny', minutes: 2 },
        ],
      },
    ],
  },
  {
    name: 'Selling mobile plans',
    service: 0,
    ordered: false,
    featured: false,
    requirements: 'Sales consultants of Skyline Mobile stores.',
    topics: [
      {
        name: 'Prepaid plans',
        lessons: [
          { name: 'Choosing a prepaid bundle', video: 'steel', minutes: 3 },
          { name: 'Top-ups and data add-ons', video: 'spring', minutes: 2 },
        ],
      },
      {
        name: 'Postpaid plans',
        lessons: [
          { name: 'Comparing postpaid tiers', video: 'sintel', minutes: 4 },
          { name: 'Family sharing', video: 'bunny', minutes: 2 },
        ],
      },
    ],
  },
  {
    name: 'Fibre installation basics',
    service: 1,
    ordered: true,
    featured: true,
    mustCompleteBeforeNext: true,
    requirements: 'Field technicians. Bring a power meter to the practical session.',
    studentPassed: 0,
    topics: [
      {
        name: 'Before the visit',
        lessons: [{ name: 'Preparing the appointment', video: 'spring', minutes: 2, document: 1 }],
      },
      {
        name: 'On site',
        lessons: [
          { name: 'Measuring optical power', video: 'steel', minutes: 4 },
          { name: 'Setting up the router', video: 'bunny', minutes: 3 },
        ],
      },
    ],
  },
  {
    name: 'TV packages and set-top boxes',
    service: 2,
    ordered: false,
    featured: false,
    requirements: 'Anyone who answers questions about Skyline TV.',
    topics: [
      {
        name: 'Packages',
        lessons: [
          { name: 'Channel packages at a glance', video: 'sintel', minutes: 3 },
          { name: 'Sports and movie add-ons', video: 'spring', minutes: 2 },
        ],
      },
      { name: 'Set-top boxes', lessons: [{ name: 'First start of the box', video: 'bunny', minutes: 2 }] },
    ],
  },
  {
    name: 'Workplace safety',
    service: 0,
    ordered: true,
    featured: false,
    requirements: 'Required for every employee once a year.',
    studentPassed: 2,
    topics: [
      {
        name: 'Safety at work',
        lessons: [
          { name: 'Fire exits and first aid', video: 'spring', minutes: 1 },
          { name: 'Working at height', video: 'bunny', minutes: 1 },
        ],
      },
    ],
  },
];

const DAY = 24 * 3600 * 1000;

/**
 * Loads the demo courses and the demo student's progress (one course half done, one finished,
 * one just started). A handful of statements in all.
 */
export async function seedDemoCourses(db: Db): Promise<void> {
  const serviceIds = (await db.select({ id: services.id }).from(services).orderBy(asc(services.id))).map(
    (s) => s.id,
  );
  if (serviceIds.length === 0) return;
  const now = Date.now();
  const insertedCourses = await db
    .insert(courses)
    .values(
      DEMO_COURSES.map((c, i) => ({
        name: c.name,
        serviceId: serviceIds[c.service % serviceIds.length] as number,
        requirements: c.requirements,
        ordered: c.ordered,
        mustCompleteBeforeNext: c.mustCompleteBeforeNext ?? false,
        featured: c.featured,
        position: i + 1,
      })),
    )
    .returning({ id: courses.id });
  const topicPlan = DEMO_COURSES.flatMap((c, ci) =>
    c.topics.map((t, ti) => ({ course: ci, topic: t, position: ti + 1 })),
  );
  const insertedTopics = await db
    .insert(topics)
    .values(
      topicPlan.map((t) => ({
        courseId: insertedCourses[t.course]?.id as number,
        name: t.topic.name,
        position: t.position,
      })),
    )
    .returning({ id: topics.id });
  const lessonPlan = topicPlan.flatMap((t, ti) =>
    t.topic.lessons.map((lesson, li) => ({ ...t, topicIndex: ti, lesson, position: li + 1 })),
  );
  const insertedLessons = await db
    .insert(lessons)
    .values(
      lessonPlan.map((l) => {
        const video = VIDEOS[l.lesson.video];
        return {
          topicId: insertedTopics[l.topicIndex]?.id as number,
          courseId: insertedCourses[l.course]?.id as number,
          name: l.lesson.name,
          position: l.position,
          videoKind: 'youtube',
          videoUrl: youtubeWatchUrl(video.id),
          videoDurationSeconds: video.seconds,
          minStudyMinutes: l.lesson.minutes,
          // The exam's own bar, within its questions; a lesson without an exam passes on study time.
          requiredCorrectAnswers: DEMO_EXAMS[l.lesson.name]?.required ?? 0,
          examTimeLimitMinutes: 10,
          maxFailedAttempts: 3,
        };
      }),
    )
    .returning({ id: lessons.id });
  await refreshCourseCounts(
    db,
    inArray(
      courses.id,
      insertedCourses.map((c) => c.id),
    ),
  );

  const documents = lessonPlan.flatMap((l, i) => {
    const sample = l.lesson.document === undefined ? undefined : SAMPLE_DOCUMENTS[l.lesson.document];
    if (!sample) return [];
    return [
      {
        lessonId: insertedLessons[i]?.id as number,
        fileKey: sample.key,
        originalName: sample.name,
        contentType: sample.contentType,
        sizeBytes: sample.build().length,
      },
    ];
  });
  if (documents.length) await db.insert(lessonDocuments).values(documents);
  await seedDemoExams(
    db,
    lessonPlan.map((l, i) => ({ id: insertedLessons[i]?.id as number, name: l.lesson.name })),
  );

  const [student] = await db.select({ id: users.id }).from(users).where(eq(users.employeeCode, 'student'));
  if (student) {
    const progress = DEMO_COURSES.flatMap((course, ci) => {
      if (course.studentPassed === undefined) return [];
      const ofCourse = lessonPlan.map((l, i) => ({ l, i })).filter(({ l }) => l.course === ci);
      return ofCourse.slice(0, course.studentPassed + 1).map(({ l, i }, n) => {
        const passed = n < (course.studentPassed ?? 0);
        const required = l.lesson.minutes * 60;
        const at = new Date(now - (ofCourse.length - n) * DAY - ci * 3600 * 1000);
        return {
          userId: student.id,
          lessonId: insertedLessons[i]?.id as number,
          creditedSeconds: passed ? required + 20 : Math.floor(required / 3),
          lastPositionSeconds: passed ? required + 20 : Math.floor(required / 3),
          status: passed ? 'PASSED' : 'STUDYING',
          passedAt: passed ? at : null,
          createdAt: at,
          updatedAt: at,
        };
      });
    });
    if (progress.length) await db.insert(lessonProgress).values(progress);
  }
}
