import type { TSearchResult } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { makeUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { courses, lessonDocuments, lessons, topics } from '../courses/tables';
import { news, newsCategories } from '../news/tables';
import { branches } from '../org/tables';
import { qaQuestions } from '../qa/tables';
import { recruitmentPosts } from '../recruitment/tables';
import { lessonProgress } from '../study/tables';

/**
 * The search box (issue 22, point 3): what a visitor and a learner find, typo-tolerant, grouped by
 * kind, never more than the person may see.
 */
let t: TestApp;
let visitor: ApiClient;
let learner: ApiClient;
let admin: ApiClient;
let learnerId: number;
const ids = {} as Record<
  | 'course'
  | 'openedLesson'
  | 'lockedLesson'
  | 'openedDoc'
  | 'lockedDoc'
  | 'news'
  | 'question'
  | 'openPost'
  | 'closedPost',
  number
>;

const found = (rows: TSearchResult[]) => rows.map((r) => `${r.kind}:${r.title}`);

async function searchAs(client: ApiClient, q: string, kind?: string): Promise<TSearchResult[]> {
  const res = await client.get(`search?q=${encodeURIComponent(q)}${kind ? `&kind=${kind}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json() as TSearchResult[];
  expect(res.headers['x-total-count']).toBe(String(rows.length));
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  visitor = apiClient(t.app, undefined);
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  const made = await makeUser(t.app);
  learner = made.client;
  learnerId = made.id;
  const [course] = await db
    .insert(courses)
    .values({ name: 'Zephyrine Network Basics', serviceId: 1 })
    .returning();
  if (!course) throw new Error('no course');
  ids.course = course.id;
  const [topic] = await db
    .insert(topics)
    .values({ courseId: course.id, name: 'Zephyrine topic' })
    .returning();
  if (!topic) throw new Error('no topic');
  const lessonRows = await db
    .insert(lessons)
    .values(
      ['Configuring the Zephyrine router', 'Zephyrine router in depth'].map((name, position) => ({
        topicId: topic.id,
        courseId: course.id,
        name,
        position,
        videoUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
      })),
    )
    .returning();
  [ids.openedLesson, ids.lockedLesson] = lessonRows.map((l) => l.id) as [number, number];
  const docs = await db
    .insert(lessonDocuments)
    .values(
      [
        { lessonId: ids.openedLesson, originalName: 'zephyrine-router-handbook.pdf' },
        { lessonId: ids.lockedLesson, originalName: 'zephyrine-router-answers.pdf' },
      ].map((d) => ({ ...d, fileKey: `k/${d.originalName}`, contentType: 'application/pdf', sizeBytes: 10 })),
    )
    .returning();
  [ids.openedDoc, ids.lockedDoc] = docs.map((d) => d.id) as [number, number];
  await db.insert(lessonProgress).values({ userId: learnerId, lessonId: ids.openedLesson });
  const [category] = await db.select().from(newsCategories).limit(1);
  const [article] = await db
    .insert(news)
    .values({
      title: 'Zephyrine network maintenance tonight',
      description: 'The fibre\nnetwork is down from 1 to 3 am.',
      content: '<p>x</p>',
      categoryId: category?.id ?? 1,
      serviceId: 1,
      hiddenFromHome: true,
    })
    .returning();
  ids.news = article?.id ?? 0;
  const [question] = await db
    .insert(qaQuestions)
    .values({ title: 'How do I reset the Zephyrine router?', description: 'It blinks red.', type: 'OTHER' })
    .returning();
  ids.question = question?.id ?? 0;
  const [branch] = await db.select().from(branches).limit(1);
  const post = (vacancy: string, endAt: Date | null) => ({
    vacancy,
    branchId: branch?.id ?? 1,
    endAt,
    workForm: 'FULL_TIME',
    quantity: 1,
    jobDescription: 'Keep the network up.',
    workplace: 'Hanoi',
  });
  const posts = await db
    .insert(recruitmentPosts)
    .values([
      post('Zephyrine network engineer', null),
      post('Zephyrine network technician', new Date(Date.now() - 86_400_000)),
    ])
    .returning();
  [ids.openPost, ids.closedPost] = posts.map((p) => p.id) as [number, number];
});

afterAll(() => t.close());

describe('GET search', () => {
  it('a visitor finds courses, news and open recruitment posts, never signed-in things', async () => {
    const rows = await searchAs(visitor, 'zephyrine');
    expect(found(rows)).toEqual([
      'course:Zephyrine Network Basics',
      'news:Zephyrine network maintenance tonight',
      'recruitment:Zephyrine network engineer',
    ]);
    expect(rows[0]).toEqual({
      kind: 'course',
      id: ids.course,
      title: 'Zephyrine Network Basics',
      url: `/training-academy/course/${ids.course}`,
      snippet: 'Skyline Mobile',
    });
    expect(rows[1]?.snippet).toBe('The fibre network is down from 1 to 3 am.');
    expect(rows[2]?.url).toBe(`/recruitment/${ids.openPost}`);
    for (const kind of ['lesson', 'document', 'question'])
      expect(await searchAs(visitor, 'zephyrine', kind)).toEqual([]);
  });

  it('a learner finds courses, lessons, documents of lessons they opened, news and Q&A, grouped by kind', async () => {
    const rows = await searchAs(learner, 'zephyrine router');
    expect(found(rows)).toEqual([
      'lesson:Zephyrine router in depth',
      'lesson:Configuring the Zephyrine router',
      'document:zephyrine-router-handbook.pdf',
      'question:How do I reset the Zephyrine router?',
    ]);
    const lesson = rows.find((r) => r.kind === 'lesson' && r.id === ids.openedLesson);
    expect(lesson?.url).toBe(
      `/training-academy/course/${ids.course}/topic/${(await lessonTopic(ids.openedLesson)) ?? 0}?lesson=${ids.openedLesson}`,
    );
    expect(rows[2]?.snippet).toBe('Configuring the Zephyrine router · Zephyrine Network Basics');
    // The locked lesson's document stays hidden however it is asked for; recruitment is the public site's.
    expect(found(await searchAs(learner, 'answers', 'document'))).toEqual([]);
    expect(await searchAs(learner, 'zephyrine engineer', 'recruitment')).toEqual([]);
  });

  it('an administrator finds every document', async () => {
    expect(found(await searchAs(admin, 'zephyrine-router', 'document'))).toEqual([
      'document:zephyrine-router-answers.pdf',
      'document:zephyrine-router-handbook.pdf',
    ]);
  });

  it('tolerates typos: a missing, a wrong and a swapped letter', async () => {
    for (const typo of ['zephyrne', 'zephyrime', 'zehpyrine', 'netwrok']) {
      expect(found(await searchAs(visitor, typo, 'course')), typo).toContain(
        'course:Zephyrine Network Basics',
      );
    }
    expect(found(await searchAs(learner, 'how to reset the routr', 'question'))).toContain(
      'question:How do I reset the Zephyrine router?',
    );
  });

  it('among many titles holding the words, gives the newest first, and typo matches only when those are too few', async () => {
    const { db } = t.database;
    const rows = await db
      .insert(qaQuestions)
      .values(
        Array.from({ length: 8 }, (_, i) => ({
          title: `Quillwort gateway question ${i}`,
          description: 'Many alike',
          type: 'OTHER' as const,
        })),
      )
      .returning({ id: qaQuestions.id });
    const newest = rows.map((r) => r.id).sort((a, b) => b - a);
    // Eight exact matches: the five newest; the typo tier is not read.
    expect((await searchAs(learner, 'quillwort gateway', 'question')).map((r) => r.id)).toEqual(
      newest.slice(0, 8),
    );
    expect(
      (await searchAs(learner, 'quillwort gateway')).filter((r) => r.kind === 'question').map((r) => r.id),
    ).toEqual(newest.slice(0, 5));
    // A typo: no title holds it, the similar ones are found by similarity.
    expect((await searchAs(learner, 'quilwort', 'question')).length).toBe(8);
  });

  it('answers nothing for a query shorter than two characters, and refuses one over 100', async () => {
    expect(await searchAs(learner, 'z')).toEqual([]);
    expect(await searchAs(learner, '   ')).toEqual([]);
    const res = await learner.get(`search?q=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect((await learner.get('search?q=abc&kind=users')).statusCode).toBe(400);
  });

  it('a stopped account searches as a visitor', async () => {
    const stopped = await makeUser(t.app, { access: 'STOPPED' });
    const res = await stopped.client.get('search?q=zephyrine&kind=lesson');
    // The guard refuses a stopped account's token on signed-in routes; a public one answers as to a visitor.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('sends the same statements for one match as for many', async () => {
    t.database.queries.reset();
    await searchAs(learner, 'zephyrine');
    const few = t.database.queries.count;
    t.database.queries.reset();
    await searchAs(learner, 'zephyrine router');
    expect(t.database.queries.count).toBe(few);
  });
});

async function lessonTopic(lessonId: number): Promise<number | undefined> {
  const rows = await t.database.db.select({ id: lessons.id, topicId: lessons.topicId }).from(lessons);
  return rows.find((r) => r.id === lessonId)?.topicId;
}
