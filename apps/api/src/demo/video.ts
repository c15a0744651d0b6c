import { randomUUID } from 'node:crypto';
import { uploadedVideoUrl } from '@academy/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { refreshCourseCounts } from '../modules/courses/counts';
import { courses, lessons, topics } from '../modules/courses/tables';
import { videos } from '../modules/media/tables';
import { services } from '../modules/org/tables';
import { users } from '../modules/users/tables';
import type { Db } from '../platform/db/client';

/** The course that holds the demo video lesson (decision 84). */
export const DEMO_VIDEO_COURSE = 'Getting started with the Academy';
export const DEMO_VIDEO_LESSON = 'How a lesson video plays here';
/** The clip the server makes of itself: long and large enough to pass the upload checks. */
export const DEMO_CLIP = { width: 1280, height: 720, seconds: 64, fps: 5 } as const;

/**
 * The demo lesson whose video the product encodes itself on first start (decision 84): a course
 * of one topic and one lesson pointing at a video that is still "uploading". The server then
 * makes the clip and puts it through the upload checks and the HLS encoding in the background
 * (media's `makeDemoVideo`); until it is ready the lesson says the video is being encoded.
 * Returns the video's id, for that step.
 */
export async function seedDemoVideoLesson(db: Db): Promise<string | null> {
  const [service] = await db.select({ id: services.id }).from(services).orderBy(asc(services.id)).limit(1);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.employeeCode, 'admin'));
  if (!service) return null;
  const id = randomUUID();
  const year = new Date().getUTCFullYear();
  await db.insert(videos).values({
    id,
    ownerId: admin?.id ?? null,
    originalName: 'academy-demo.mp4',
    sizeBytes: 0,
    year,
    generated: 'demo',
  });
  const [course] = await db
    .insert(courses)
    .values({
      name: DEMO_VIDEO_COURSE,
      serviceId: service.id,
      requirements: 'A first look at how lessons, videos and study time work in the Academy.',
      ordered: true,
      mustCompleteBeforeNext: false,
      // On the home page too: the first video a newcomer plays.
      featured: true,
      position: 100,
    })
    .returning({ id: courses.id });
  if (!course) return null;
  const [topic] = await db
    .insert(topics)
    .values({ courseId: course.id, name: 'Welcome', position: 1 })
    .returning({ id: topics.id });
  if (!topic) return null;
  await db.insert(lessons).values({
    topicId: topic.id,
    courseId: course.id,
    name: DEMO_VIDEO_LESSON,
    position: 1,
    videoKind: 'upload',
    videoUrl: uploadedVideoUrl(id, year),
    videoDurationSeconds: DEMO_CLIP.seconds,
    minStudyMinutes: 1,
    requiredCorrectAnswers: 0,
    examTimeLimitMinutes: 10,
    maxFailedAttempts: 3,
  });
  await refreshCourseCounts(db, inArray(courses.id, [course.id]));
  return id;
}
