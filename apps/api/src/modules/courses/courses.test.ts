import path from 'node:path';
import {
  COURSE_LIMITS,
  forbiddenMessage,
  MESSAGES,
  type TCourse,
  type TCourseListItem,
  type TCoursePage,
  type TFeaturedCourses,
  type TLesson,
  type TTopic,
} from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import {
  addCourse,
  addLesson,
  addTopic,
  buildCourse,
  compoundFile,
  grantCourseActions,
  officeOpenXml,
  youtubeLink,
} from '../../../test/courses';
import {
  docxDocument,
  formData,
  listFiles,
  pdfDocument,
  pngImage,
  tempDataDir,
  zipArchive,
} from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';

let t: TestApp;
let admin: ApiClient;
let staff: ApiClient;
let student: ApiClient;
let coordinator: ApiClient;
let anonymous: ApiClient;
let filesDir: string;

beforeAll(async () => {
  const dataDir = await tempDataDir();
  filesDir = path.join(dataDir, 'files');
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  // E1009 holds the demo "Training coordinator" role: course keys to add and edit, not to delete.
  coordinator = await clientAs(t.app, 'E1009');
  anonymous = apiClient(t.app, undefined);
});
afterAll(() => t.close());

describe('course pages anyone may see', () => {
  it('lists the featured courses in data.content for the home page, without signing in', async () => {
    const res = await anonymous.get('course?required=true');
    expect(res.statusCode).toBe(200);
    const body = res.json() as TFeaturedCourses;
    expect(body.data.content.map((c) => c.name)).toEqual([
      'Customer care essentials',
      'Fibre installation basics',
    ]);
    expect(body.data.content[0]).toMatchObject({
      featured: true,
      ordered: true,
      serviceName: 'Skyline Mobile',
      topicCount: 3,
      lessonCount: 6,
      totalStudyMinutes: 14,
    });
    const all = (await anonymous.get('course')).json() as TFeaturedCourses;
    expect(all.data.content.length).toBeGreaterThan(body.data.content.length);
  });

  it('shows a course page with its outline but no videos to a visitor', async () => {
    const res = await anonymous.get('courses/1');
    expect(res.statusCode).toBe(200);
    const page = res.json() as TCoursePage;
    expect(page).toMatchObject({ id: 1, name: 'Customer care essentials', topicCount: 3 });
    expect(page.topics.map((topic) => topic.name)).toEqual([
      'Welcoming the customer',
      'Solving the problem',
      'Closing the call',
    ]);
    expect(page.topics[0]?.lessons[0]).toEqual({
      id: expect.any(Number),
      name: 'The first thirty seconds',
      position: 1,
      minStudyMinutes: 2,
      hasExam: false,
    });
    expect(res.body).not.toMatch(/youtube|\/get\/documents/);
  });

  it('answers "This course does not exist." for an unknown course', async () => {
    for (const path of ['courses/9999', 'coursesbyid/9999']) {
      const res = await anonymous.get(path);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: MESSAGES.courseNotFound });
    }
  });

  it('gives one course by id, and the courses of a service', async () => {
    const one = await anonymous.get('coursesbyid/3');
    expect(one.json()).toMatchObject({
      id: 3,
      name: 'Fibre installation basics',
      mustCompleteBeforeNext: true,
    });
    const ofMobile = await anonymous.get('coursesbytrademark/1');
    expect(ofMobile.statusCode).toBe(200);
    const names = (ofMobile.json() as TCourse[]).map((c) => c.name);
    expect(names).toEqual(['Customer care essentials', 'Selling mobile plans', 'Workplace safety']);
    expect(ofMobile.headers['x-total-count']).toBe('3');
    const unknown = await anonymous.get('coursesbytrademark/999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.serviceNotFound);
  });
});

describe('course management', () => {
  it('needs a sign-in, COURSE_MANAGEMENT, and the action key for each change', async () => {
    expect((await anonymous.get('courses')).statusCode).toBe(401);
    const list = await student.get('courses');
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(forbiddenMessage('view courses'));
    const checks: [Awaited<ReturnType<ApiClient['get']>>, string][] = [
      [
        await student.post('courses', formData({ name: 'X', serviceId: '1', ordered: 'true' })),
        'add courses',
      ],
      [
        await student.put('courses/1', formData({ name: 'X', serviceId: '1', ordered: 'true' })),
        'edit courses',
      ],
      [await student.delete('courses/1'), 'delete courses'],
      [await student.post('courses/1/topics', { name: 'X' }), 'add topics'],
      [await student.delete('topics/1'), 'delete topics'],
      [await student.post('topics/1/lessons', {}), 'add lessons'],
      [await student.put('lessons/1', {}), 'edit lessons'],
      [await coordinator.delete('courses/1'), 'delete courses'],
      [await coordinator.delete('lessons/1'), 'delete lessons'],
    ];
    for (const [res, action] of checks) {
      expect(res.statusCode, action).toBe(403);
      expect(res.json().message).toBe(forbiddenMessage(action));
    }
    // The coordinator has the add key: adding works.
    const added = await coordinator.post('courses/1/topics', { name: 'Coordinator topic' });
    expect(added.statusCode).toBe(201);
    expect((await admin.delete(`topics/${added.json().id}`)).statusCode).toBe(204);
  });

  it('lists courses by page with topic and lesson counts, searchable and filterable by service', async () => {
    const res = await staff.get('courses?page=0&size=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    // hasProgress: the demo student studies the first course, nobody the second.
    expect(
      (res.json() as TCourseListItem[]).map((c) => [c.name, c.topicCount, c.lessonCount, c.hasProgress]),
    ).toEqual([
      ['Customer care essentials', 3, 6, true],
      ['Selling mobile plans', 2, 4, false],
    ]);
    const search = await staff.get('courses?q=FIBRE');
    expect((search.json() as TCourse[]).map((c) => c.name)).toEqual(['Fibre installation basics']);
    const tv = await staff.get('courses?serviceId=3&sort=name,desc');
    expect((tv.json() as TCourse[]).map((c) => c.name)).toEqual(['TV packages and set-top boxes']);
    expect((await staff.get('courses?sort=password,asc')).statusCode).toBe(400);
  });

  it('adds a course with an image, edits it and clears the image', async () => {
    const res = await staff.post(
      'courses',
      formData(
        {
          name: '  Roaming for travellers ',
          serviceId: '1',
          ordered: 'false',
          featured: 'true',
          requirements: 'Sales staff',
        },
        { image: [await pngImage(), 'roaming.png', 'image/png'] },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as TCourse;
    expect(created).toMatchObject({
      name: 'Roaming for travellers',
      ordered: false,
      featured: true,
      mustCompleteBeforeNext: false,
      certificateId: null,
      topicCount: 0,
      lessonCount: 0,
      image: expect.stringMatching(/^\/files\/courses\/\d{4}\/[0-9a-f-]{36}\.png$/),
    });
    const featured = (await anonymous.get('course?required=true')).json() as TFeaturedCourses;
    expect(featured.data.content.at(-1)?.id).toBe(created.id);

    const edited = await staff.put(
      `courses/${created.id}`,
      formData({ name: 'Roaming', serviceId: '2', ordered: 'true', removeImage: 'true' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Roaming',
      serviceId: 2,
      ordered: true,
      featured: false,
      image: null,
    });
    expect(await listFiles(filesDir)).not.toContain(created.image?.replace('/files/', ''));
  });

  it('refuses a course without name or order, with a long name, or of an unknown service', async () => {
    const blank = await staff.post('courses', formData({ name: ' ', serviceId: '1' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: MESSAGES.required },
        { field: 'ordered', message: MESSAGES.required },
      ]),
    );
    const long = await staff.post(
      'courses',
      formData({ name: 'x'.repeat(201), serviceId: '1', ordered: 'true' }),
    );
    expect(long.json().fieldErrors).toEqual([{ field: 'name', message: 'Must be at most 200 characters' }]);
    const unknown = await staff.post('courses', formData({ name: 'X', serviceId: '999', ordered: 'true' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual([{ field: 'serviceId', message: MESSAGES.serviceNotFound }]);
    const missing = await staff.put('courses/9999', formData({ name: 'X', serviceId: '1', ordered: 'true' }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.courseNotFound);
  });
});

describe('topics', () => {
  it('adds, renames, reorders and deletes topics; counts follow', async () => {
    const course = await addCourse(staff);
    const a = await addTopic(staff, course.id, 'Alpha');
    const b = await addTopic(staff, course.id, 'Beta');
    const c = await addTopic(staff, course.id, 'Gamma');
    expect([a.position, b.position, c.position]).toEqual([1, 2, 3]);
    await addLesson(staff, b.id);

    const renamed = await staff.put(`topics/${a.id}`, { name: ' Alpha 2 ' });
    expect(renamed.json()).toMatchObject({ id: a.id, name: 'Alpha 2', lessonCount: 0 });

    const reordered = await staff.put(`courses/${course.id}/topics/order`, { ids: [c.id, a.id, b.id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((reordered.json() as TTopic[]).map((x) => [x.name, x.position, x.lessonCount])).toEqual([
      ['Gamma', 1, 0],
      ['Alpha 2', 2, 0],
      ['Beta', 3, 1],
    ]);
    const page = (await anonymous.get(`courses/${course.id}`)).json() as TCoursePage;
    expect(page.topics.map((x) => x.name)).toEqual(['Gamma', 'Alpha 2', 'Beta']);

    const partial = await staff.put(`courses/${course.id}/topics/order`, { ids: [c.id, a.id] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe(MESSAGES.reorderMismatch);
    const twice = await staff.put(`courses/${course.id}/topics/order`, { ids: [c.id, c.id, a.id] });
    expect(twice.statusCode).toBe(400);

    expect((await staff.delete(`topics/${b.id}`)).statusCode).toBe(204);
    const after = (await staff.get(`courses/${course.id}/topics`)).json() as TTopic[];
    expect(after.map((x) => x.name)).toEqual(['Gamma', 'Alpha 2']);
    expect((await anonymous.get(`coursesbyid/${course.id}`)).json()).toMatchObject({
      topicCount: 2,
      lessonCount: 0,
    });
  });

  it('refuses a blank or long topic name and unknown ids', async () => {
    const blank = await staff.post('courses/1/topics', { name: '  ' });
    expect(blank.json()).toMatchObject({ status: 400, message: MESSAGES.required });
    const long = await staff.post('courses/1/topics', { name: 'y'.repeat(201) });
    expect(long.statusCode).toBe(400);
    const noCourse = await staff.post('courses/9999/topics', { name: 'X' });
    expect(noCourse.json()).toMatchObject({ status: 404, message: MESSAGES.courseNotFound });
    expect((await staff.get('courses/9999/topics')).json().message).toBe(MESSAGES.courseNotFound);
    expect((await staff.put('topics/9999', { name: 'X' })).json().message).toBe(MESSAGES.topicNotFound);
    expect((await staff.delete('topics/9999')).statusCode).toBe(404);
  });
});

describe('lessons', () => {
  let topic: TTopic;
  beforeAll(async () => {
    const course = await addCourse(staff);
    topic = await addTopic(staff, course.id);
  });

  it('accepts the three YouTube link forms and stores the canonical watch link', async () => {
    const links = [
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=42',
      'https://youtu.be/eRsGyueVLvQ',
      'http://youtube.com/embed/R6MlUcmOul8',
      'https://m.youtube.com/watch?v=WhWc3b3KhnY',
    ];
    const ids = ['aqz-KE-bpKQ', 'eRsGyueVLvQ', 'R6MlUcmOul8', 'WhWc3b3KhnY'];
    for (const [i, videoUrl] of links.entries()) {
      const lesson = await addLesson(staff, topic.id, { videoUrl });
      expect(lesson.video).toEqual({
        kind: 'youtube',
        url: `https://www.youtube.com/watch?v=${ids[i]}`,
        youtubeId: ids[i],
      });
    }
  });

  it('refuses links that are not YouTube videos', async () => {
    for (const videoUrl of [
      'https://vimeo.com/123456',
      'https://www.youtube.com/watch?v=short',
      'https://youtu.be/',
      'youtube.com/watch?v=aqz-KE-bpKQ',
      'https://www.youtube.com/channel/UC123',
      'javascript:alert(1)',
    ]) {
      const res = await staff.post(`topics/${topic.id}/lessons`, {
        name: 'Bad',
        videoUrl,
        minStudyMinutes: 1,
        requiredCorrectAnswers: 0,
        examTimeLimitMinutes: 5,
      });
      expect(res.statusCode, videoUrl).toBe(400);
      expect(res.json().fieldErrors).toEqual([{ field: 'videoUrl', message: MESSAGES.youtubeLinkInvalid }]);
    }
  });

  it('checks the numbers: minimum study time within the video, exam time above zero', async () => {
    const base = { name: 'N', videoUrl: youtubeLink(), requiredCorrectAnswers: 1 };
    const tooLong = await staff.post(`topics/${topic.id}/lessons`, {
      ...base,
      videoDurationSeconds: 120,
      minStudyMinutes: 3,
      examTimeLimitMinutes: 5,
    });
    expect(tooLong.json().fieldErrors).toEqual([
      { field: 'minStudyMinutes', message: MESSAGES.minStudyAboveDuration },
    ]);
    const zeroExam = await staff.post(`topics/${topic.id}/lessons`, {
      ...base,
      minStudyMinutes: 1,
      examTimeLimitMinutes: 0,
    });
    expect(zeroExam.json().fieldErrors).toEqual([
      { field: 'examTimeLimitMinutes', message: MESSAGES.examTimeInvalid },
    ]);
    const words = await staff.post(`topics/${topic.id}/lessons`, {
      ...base,
      minStudyMinutes: 'ten',
      requiredCorrectAnswers: '',
      examTimeLimitMinutes: '5',
    });
    expect(words.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'minStudyMinutes', message: MESSAGES.mustBeNumber },
        { field: 'requiredCorrectAnswers', message: MESSAGES.required },
      ]),
    );
    const fromStrings = await addLesson(staff, topic.id, {
      minStudyMinutes: '2',
      examTimeLimitMinutes: '15',
      maxFailedAttempts: '0',
      videoDurationSeconds: '',
    });
    expect(fromStrings).toMatchObject({
      minStudyMinutes: 2,
      examTimeLimitMinutes: 15,
      maxFailedAttempts: 0,
      videoDurationSeconds: null,
      examQuestionCount: 0,
    });
  });

  it('edits, moves between topics of the course, reorders and deletes lessons', async () => {
    const { course, topics } = await buildCourse(staff, [[1, 1, 1], [1]]);
    const [first, second, third] = topics[0]?.lessons ?? [];
    const other = topics[1]?.topic as TTopic;
    const edited = await staff.put(`lessons/${first?.id}`, {
      name: 'Renamed',
      videoUrl: 'https://youtu.be/aqz-KE-bpKQ',
      videoDurationSeconds: 634,
      minStudyMinutes: 10,
      requiredCorrectAnswers: 4,
      examTimeLimitMinutes: 20,
      maxFailedAttempts: 2,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Renamed',
      minStudyMinutes: 10,
      requiredCorrectAnswers: 4,
      examTimeLimitMinutes: 20,
      maxFailedAttempts: 2,
      video: { youtubeId: 'aqz-KE-bpKQ' },
    });
    const fetched = await staff.get(`lessons/${first?.id}/edit`);
    expect(fetched.json()).toMatchObject({ id: first?.id, name: 'Renamed', courseId: course.id });

    const moved = await staff.put(`lessons/${third?.id}`, {
      name: 'Moved',
      topicId: other.id,
      videoUrl: youtubeLink(),
      minStudyMinutes: 1,
      requiredCorrectAnswers: 0,
      examTimeLimitMinutes: 5,
    });
    expect(moved.json()).toMatchObject({ topicId: other.id, position: 2 });
    const elsewhere = await addTopic(staff, (await addCourse(staff)).id);
    const wrongCourse = await staff.put(`lessons/${second?.id}`, {
      name: 'X',
      topicId: elsewhere.id,
      videoUrl: youtubeLink(),
      minStudyMinutes: 1,
      requiredCorrectAnswers: 0,
      examTimeLimitMinutes: 5,
    });
    expect(wrongCourse.json()).toMatchObject({ status: 400, message: MESSAGES.topicNotInCourse });

    const order = await staff.put(`topics/${topics[0]?.topic.id}/lessons/order`, {
      ids: [second?.id, first?.id],
    });
    expect((order.json() as TLesson[]).map((l) => [l.name, l.position])).toEqual([
      ['Lesson 1.2', 1],
      ['Renamed', 2],
    ]);
    expect((await staff.delete(`lessons/${second?.id}`)).statusCode).toBe(204);
    const remaining = (await staff.get(`topics/${topics[0]?.topic.id}/lessons`)).json() as TLesson[];
    expect(remaining.map((l) => l.name)).toEqual(['Renamed']);
    for (const res of [
      await staff.get('lessons/9999/edit'),
      await staff.put('lessons/9999', {
        name: 'X',
        videoUrl: youtubeLink(),
        minStudyMinutes: 1,
        requiredCorrectAnswers: 0,
        examTimeLimitMinutes: 5,
      }),
      await staff.delete('lessons/9999'),
    ]) {
      expect(res.json()).toMatchObject({ status: 404, message: MESSAGES.lessonNotFound });
    }
    expect((await staff.get('topics/9999/lessons')).json().message).toBe(MESSAGES.topicNotFound);
  });
});

describe('lesson documents', () => {
  let lesson: TLesson;
  beforeAll(async () => {
    const { topics } = await buildCourse(staff, [[0]]);
    lesson = topics[0]?.lessons[0] as TLesson;
  });

  const upload = (file: [Buffer, string, string?], lessonId = lesson.id) =>
    staff.post(`lessons/${lessonId}/documents`, formData({}, { file }));

  it('accepts PDF, Word, Excel and PowerPoint files, judged by content, and lists them on the lesson', async () => {
    const files: [Buffer, string, string][] = [
      [pdfDocument(), 'Guide.pdf', 'application/pdf'],
      [docxDocument(), 'Form.docx', 'application/msword'],
      [compoundFile('WordDocument'), 'Old form.doc', 'application/msword'],
      [officeOpenXml('xl'), 'Prices.xlsx', 'application/octet-stream'],
      [compoundFile('Workbook'), 'Prices 2003.xls', 'application/vnd.ms-excel'],
      [officeOpenXml('ppt'), 'Slides.pptx', 'application/octet-stream'],
      [compoundFile('PowerPoint Document'), 'Slides 2003.ppt', 'application/octet-stream'],
    ];
    const types = [];
    for (const file of files) {
      const res = await upload(file);
      expect(res.statusCode, `${file[1]}: ${res.body}`).toBe(201);
      expect(res.json()).toMatchObject({
        name: file[1],
        size: file[0].length,
        url: expect.stringMatching(/^\/get\/documents\/\d+$/),
      });
      types.push(res.json().contentType);
    }
    expect(types).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.ms-powerpoint',
    ]);
    const listed = (await staff.get(`lessons/${lesson.id}/edit`)).json() as TLesson;
    expect(listed.documents.map((d) => d.name)).toEqual(files.map((f) => f[1]));
    const download = await t.app.inject({
      method: 'GET',
      url: listed.documents[0]?.url ?? '',
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Guide.pdf"/);
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.equals(pdfDocument())).toBe(true);
  });

  it('refuses images, plain zips and empty or oversized files, storing nothing', async () => {
    const before = await listFiles(filesDir);
    for (const file of [
      [await pngImage(), 'photo.pdf', 'application/pdf'],
      [zipArchive({ 'notes.txt': 'hi' }), 'notes.docx'],
      [compoundFile('WordDocument').subarray(0, 512), 'broken.doc'],
    ] as [Buffer, string, string?][]) {
      const res = await upload(file);
      expect(res.statusCode, file[1]).toBe(415);
      expect(res.json()).toMatchObject({
        message: MESSAGES.lessonDocumentType,
        fieldErrors: [{ field: 'file', message: MESSAGES.lessonDocumentType }],
      });
    }
    const huge = Buffer.alloc(COURSE_LIMITS.documentBytes + 10, 0x20);
    pdfDocument().copy(huge);
    const tooLarge = await upload([huge, 'huge.pdf', 'application/pdf']);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(MESSAGES.fileTooLarge);
    const none = await staff.post(`lessons/${lesson.id}/documents`, formData({ note: 'no file' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MESSAGES.fileRequired);
    const unknown = await upload([pdfDocument(), 'a.pdf'], 9999);
    expect(unknown.json()).toMatchObject({ status: 404, message: MESSAGES.lessonNotFound });
    expect(await listFiles(filesDir)).toEqual(before);
  });

  it('deletes a document and its file', async () => {
    const added = (await upload([pdfDocument(), 'Temp.pdf'])).json();
    const filesBefore = await listFiles(filesDir);
    expect((await staff.delete(`lesson-documents/${added.id}`)).statusCode).toBe(204);
    expect((await listFiles(filesDir)).length).toBe(filesBefore.length - 2); // the file and its sidecar
    const again = await staff.delete(`lesson-documents/${added.id}`);
    expect(again.json()).toMatchObject({ status: 404, message: MESSAGES.documentNotFound });
    const gone = await t.app.inject({
      method: 'GET',
      url: added.url,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('deleting a course', () => {
  it('deletes a course nobody studied at once, with its topics, lessons and files', async () => {
    const { course, topics } = await buildCourse(staff, [[1], [1]]);
    const doc = await staff.post(
      `lessons/${topics[0]?.lessons[0]?.id}/documents`,
      formData({}, { file: [pdfDocument(), 'a.pdf'] }),
    );
    expect(doc.statusCode).toBe(201);
    const filesBefore = await listFiles(filesDir);
    expect((await staff.delete(`courses/${course.id}`)).statusCode).toBe(204);
    expect((await anonymous.get(`courses/${course.id}`)).statusCode).toBe(404);
    expect((await staff.get(`topics/${topics[0]?.topic.id}/lessons`)).statusCode).toBe(404);
    expect((await listFiles(filesDir)).length).toBe(filesBefore.length - 2);
  });

  it('asks for confirmation when learners have progress, then removes it all in one go', async () => {
    const { course, topics } = await buildCourse(staff, [[0, 1]]);
    const first = topics[0]?.lessons[0] as TLesson;
    const opened = await student.post(`user-lesson/update-status/${first.id}`);
    expect(opened.json()).toMatchObject({ status: 'PASSED' });
    const mine = (await student.get('my-courses')).json() as TCourse[];
    expect(mine.map((c) => c.id)).toContain(course.id);

    const listed = (await staff.get(`courses?q=${encodeURIComponent(course.name)}`)).json();
    expect(listed).toMatchObject([{ id: course.id, hasProgress: true }]);
    const refused = await staff.delete(`courses/${course.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 409, message: MESSAGES.courseHasProgress });
    const lessonRefused = await staff.delete(`lessons/${first.id}`);
    expect(lessonRefused.json().message).toBe(MESSAGES.lessonHasProgress);
    const topicRefused = await staff.delete(`topics/${topics[0]?.topic.id}`);
    expect(topicRefused.json().message).toBe(MESSAGES.topicHasProgress);
    expect((await anonymous.get(`courses/${course.id}`)).statusCode).toBe(200);

    expect((await staff.delete(`courses/${course.id}?confirm=true`)).statusCode).toBe(204);
    expect((await anonymous.get(`courses/${course.id}`)).json().message).toBe(MESSAGES.courseNotFound);
    const after = (await student.get('my-courses')).json() as TCourse[];
    expect(after.map((c) => c.id)).not.toContain(course.id);
    expect((await student.get(`lessons/${first.id}`)).json().message).toBe(MESSAGES.lessonNotFound);
    expect((await staff.delete(`courses/${course.id}?confirm=true`)).statusCode).toBe(404);
  });

  it('keeps a service that has courses from being deleted', async () => {
    const service = (await admin.post('trademarks', formData({ name: 'Skyline Cloud' }))).json();
    const course = await addCourse(admin, { serviceId: String(service.id) });
    const res = await admin.delete(`trademarks/${service.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.serviceInUse);
    expect((await admin.delete(`courses/${course.id}`)).statusCode).toBe(204);
    expect((await admin.delete(`trademarks/${service.id}`)).statusCode).toBe(204);
  });
});
