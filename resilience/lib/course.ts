import { type ApiAs, expectOk } from './api';

/** A course built through the API as an author would, for the suites. */

type Created = { id: number };

/** A course of one topic with `lessons` lessons (no minimum study time unless given). */
export async function buildCourse(
  author: ApiAs,
  lessons: Array<{ minStudyMinutes?: number; videoDurationSeconds?: number }>,
): Promise<{ courseId: number; lessonIds: number[] }> {
  const form = new FormData();
  form.set('name', `Resilience course ${Date.now()}`);
  form.set('serviceId', '1');
  form.set('ordered', 'true');
  const course = expectOk(await author.post<Created>('courses', form), 201);
  const topic = expectOk(await author.post<Created>(`courses/${course.id}/topics`, { name: 'Topic' }), 201);
  const lessonIds: number[] = [];
  for (const [i, lesson] of lessons.entries()) {
    const created = await author.post<Created>(`topics/${topic.id}/lessons`, {
      name: `Lesson ${i + 1}`,
      videoUrl: `https://www.youtube.com/watch?v=${`resil${Date.now()}${i}`.slice(-11)}`,
      videoDurationSeconds: lesson.videoDurationSeconds ?? 600,
      minStudyMinutes: lesson.minStudyMinutes ?? 0,
      requiredCorrectAnswers: 0,
      examTimeLimitMinutes: 10,
    });
    lessonIds.push(expectOk(created, 201).id);
  }
  return { courseId: course.id, lessonIds };
}

/** Two single-choice questions whose right option is the one called "Right". */
export async function addExam(author: ApiAs, lessonId: number): Promise<void> {
  for (const content of ['First question', 'Second question']) {
    const created = await author.post(`exams/${lessonId}/questions`, {
      type: 'SINGLE_CHOICE',
      content,
      options: [
        { text: 'Right', correct: true },
        { text: 'Wrong', correct: false },
      ],
    });
    expectOk(created, 201);
  }
  const settings = await author.put(`exams/${lessonId}/settings`, {
    examTimeLimitMinutes: 10,
    requiredCorrectAnswers: 2,
    maxFailedAttempts: 3,
  });
  expectOk(settings);
}

/** Demo employees without a staff role that may sign in (README): E1002…E1029 minus role holders. */
export function demoLearners(count: number): string[] {
  const codes: string[] = [];
  for (let n = 2; n <= 29 && codes.length < count; n++) {
    if (![9, 17, 25].includes(n)) codes.push(`E${1000 + n}`);
  }
  return codes;
}

export const DEMO_EMPLOYEE_PASSWORD = 'Employee@2026';
