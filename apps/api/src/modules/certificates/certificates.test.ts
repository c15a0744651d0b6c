import fs from 'node:fs/promises';
import {
  CERTIFICATE_MESSAGES,
  CERTIFICATE_SAMPLE,
  DEFAULT_CERTIFICATE_LAYOUT,
  forbiddenMessage,
  MESSAGES,
  type TCertificate,
  type TCertificateVerification,
  type TIssuedCertificate,
} from '@academy/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { buildCourse } from '../../../test/courses';
import { formData, listFiles, pngImage, tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_CERTIFICATE_NAME } from '../../demo/certificates';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { createStorage } from '../../platform/storage/storage';
import { courses } from '../courses/tables';
import { users } from '../users/tables';
import { issueForCompletion, renderIssued } from './issue';
import { issuedCertificates } from './tables';
import { blankPdf, readPdf } from './testing';

let t: TestApp;
let dataDir: string;
let admin: ApiClient;
let coordinator: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  dataDir = await tempDataDir();
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  // E1009 holds the demo "Training coordinator" role, which includes CERTIFICATE_MANAGEMENT.
  coordinator = await clientAs(t.app, 'E1009');
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  anonymous = apiClient(t.app, undefined);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Stored PDFs under a storage folder (each file also has a metadata sidecar, not counted). */
async function pdfFiles(folder: string): Promise<number> {
  return (await listFiles(`${dataDir}/files/${folder}`)).filter((f) => f.endsWith('.pdf')).length;
}

let nextLearner = 2;
/** A demo employee who has studied nothing (E1002, E1003, … skipping the role holders). */
async function freshLearner(): Promise<{ client: ApiClient; id: number }> {
  while ([9, 17, 25].includes(nextLearner)) nextLearner += 1;
  const code = `E${1000 + nextLearner}`;
  nextLearner += 1;
  const client = await clientAs(t.app, code);
  const info = (await client.get('users/info')).json() as { id: number };
  return { client, id: info.id };
}

async function addCertificate(name: string, pdf?: Buffer): Promise<TCertificate> {
  const res = await coordinator.post(
    'certificates',
    formData({ name }, { file: [pdf ?? (await blankPdf()), 'template.pdf', 'application/pdf'] }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A course of `lessons` lessons without minimum study time, granting `certificateId`. */
async function certifiedCourse(certificateId: number, lessons = 2, ordered = true) {
  return buildCourse(admin, ordered ? [Array(lessons).fill(0)] : Array.from({ length: lessons }, () => [0]), {
    certificateId: String(certificateId),
    ordered: String(ordered),
  });
}

describe('certificate templates', () => {
  it('adds a certificate from a one-page PDF with the default layout, and lists it', async () => {
    const created = await addCertificate('  Safety award ');
    expect(created).toMatchObject({
      name: 'Safety award',
      fileName: 'template.pdf',
      pageWidth: 842,
      pageHeight: 595,
      layout: DEFAULT_CERTIFICATE_LAYOUT,
      courseCount: 0,
      issuedCount: 0,
    });
    const list = await coordinator.get('certificates?q=safety');
    expect(list.statusCode).toBe(200);
    expect((list.json() as TCertificate[]).map((c) => c.name)).toContain('Safety award');
    const options = await student.get('certificates/options');
    expect(options.statusCode).toBe(200);
    expect(options.json()).toContainEqual({ id: created.id, name: 'Safety award' });
  });

  it('refuses a PDF of two pages, a damaged PDF and a picture', async () => {
    const twoPages = await coordinator.post(
      'certificates',
      formData({ name: 'Two pages' }, { file: [await blankPdf(2), 'two.pdf', 'application/pdf'] }),
    );
    expect(twoPages.statusCode).toBe(422);
    expect(twoPages.json()).toMatchObject({
      message: CERTIFICATE_MESSAGES.onePage,
      fieldErrors: [{ field: 'file', message: CERTIFICATE_MESSAGES.onePage }],
    });
    const damaged = await coordinator.post(
      'certificates',
      formData({ name: 'Damaged' }, { file: [Buffer.from('%PDF-1.7\nnot really a pdf'), 'x.pdf'] }),
    );
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json().message).toBe(CERTIFICATE_MESSAGES.unreadable);
    const picture = await coordinator.post(
      'certificates',
      formData({ name: 'Picture' }, { file: [await pngImage(), 'x.pdf', 'application/pdf'] }),
    );
    expect(picture.statusCode).toBe(415);
    expect(picture.json().message).toBe(MESSAGES.pdfOnly);
    const missing = await coordinator.post('certificates', formData({ name: 'No file' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGES.fileRequired);
    const names = ((await coordinator.get('certificates?size=100')).json() as TCertificate[]).map(
      (c) => c.name,
    );
    expect(names).not.toContain('Two pages');
  });

  it('replaces the template of a certificate (one page still required) and keeps its layout', async () => {
    const created = await addCertificate('Portrait award');
    const layout = {
      ...DEFAULT_CERTIFICATE_LAYOUT,
      code: { ...DEFAULT_CERTIFICATE_LAYOUT.code, visible: false },
    };
    expect((await coordinator.put(`certificates/${created.id}/layout`, layout)).statusCode).toBe(200);
    const refused = await coordinator.put(
      `certificates/${created.id}`,
      formData({ name: 'Portrait award' }, { file: [await blankPdf(3), 'three.pdf', 'application/pdf'] }),
    );
    expect(refused.statusCode).toBe(422);
    const res = await coordinator.put(
      `certificates/${created.id}`,
      formData({ name: 'Portrait award 2' }, { file: [await blankPdf(1, [595, 842]), 'portrait.pdf'] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Portrait award 2', pageWidth: 595, pageHeight: 842, layout });
    const template = await coordinator.get(`certificates/${created.id}/template`);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toBe('application/pdf');
    expect((await readPdf(template.rawPayload)).pages).toBe(1);
  });

  it('previews a layout with sample texts in the embedded font, Vietnamese included', async () => {
    const created = await addCertificate('Preview award');
    const res = await coordinator.post(`certificates/${created.id}/preview`, {
      layout: DEFAULT_CERTIFICATE_LAYOUT,
      sample: { fullName: 'Trần Thị Ngọc Ánh', code: 'TEST-CODE-0001' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.items).toEqual(
      expect.arrayContaining([
        'Trần Thị Ngọc Ánh',
        CERTIFICATE_SAMPLE.courseName,
        CERTIFICATE_SAMPLE.date,
        'TEST-CODE-0001',
      ]),
    );
    const hidden = await coordinator.post(`certificates/${created.id}/preview`, {
      layout: { ...DEFAULT_CERTIFICATE_LAYOUT, date: { ...DEFAULT_CERTIFICATE_LAYOUT.date, visible: false } },
    });
    expect((await readPdf(hidden.rawPayload)).items).not.toContain(CERTIFICATE_SAMPLE.date);
    const badLayout = await coordinator.put(`certificates/${created.id}/layout`, {
      ...DEFAULT_CERTIFICATE_LAYOUT,
      fullName: { ...DEFAULT_CERTIFICATE_LAYOUT.fullName, x: 1.5, fontSize: 2 },
    });
    expect(badLayout.statusCode).toBe(400);
    expect(badLayout.json().fieldErrors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['fullName.x', 'fullName.fontSize']),
    );
  });

  it('refuses deleting a certificate a course grants or that was issued, and deletes an unused one', async () => {
    const used = await addCertificate('Used award');
    const { course } = await certifiedCourse(used.id);
    const inUse = await coordinator.delete(`certificates/${used.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ status: 409, message: CERTIFICATE_MESSAGES.inUse });
    expect((await coordinator.get(`certificates/${used.id}`)).json()).toMatchObject({ courseCount: 1 });
    // Issued from it, then no longer granted by the course: still in use.
    const learner = await freshLearner();
    await issueForCompletion(t.database.db, { userId: learner.id, courseId: course.id, at: new Date() });
    await t.database.db.update(courses).set({ certificateId: null }).where(eq(courses.id, course.id));
    expect((await coordinator.delete(`certificates/${used.id}`)).statusCode).toBe(409);

    const before = await pdfFiles('certificate-templates');
    const unused = await addCertificate('Unused award');
    expect(await pdfFiles('certificate-templates')).toBe(before + 1);
    expect((await coordinator.delete(`certificates/${unused.id}`)).statusCode).toBe(204);
    const gone = await coordinator.get(`certificates/${unused.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(CERTIFICATE_MESSAGES.notFound);
    // Its template file is removed with it.
    expect(await pdfFiles('certificate-templates')).toBe(before);
  });

  it('needs CERTIFICATE_MANAGEMENT, with the SPEC message for each action', async () => {
    const cases: [Promise<{ statusCode: number; json: () => { message: string } }>, string][] = [
      [student.get('certificates'), 'view certificates'],
      [student.post('certificates', formData({ name: 'x' })), 'add certificates'],
      [student.put('certificates/1', formData({ name: 'x' })), 'edit certificates'],
      [student.put('certificates/1/layout', DEFAULT_CERTIFICATE_LAYOUT), 'edit certificates'],
      [student.delete('certificates/1'), 'delete certificates'],
      [student.get('issued-certificates'), 'view certificates'],
      [student.get('users/1/certificates'), 'view certificates'],
    ];
    for (const [call, action] of cases) {
      const res = await call;
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(forbiddenMessage(action));
    }
    expect((await anonymous.get('certificates/options')).statusCode).toBe(401);
  });
});

describe('issuing certificates', () => {
  it('issues the certificate when a learner passes the last lesson of a course, once', async () => {
    const certificate = await addCertificate('Completion award');
    const { course, topics } = await certifiedCourse(certificate.id, 2);
    const [first, second] = topics[0]?.lessons ?? [];
    const learner = await freshLearner();
    await t.database.db.update(users).set({ fullName: 'Nguyễn Văn Đức' }).where(eq(users.id, learner.id));
    expect((await learner.client.post(`user-lesson/update-status/${first?.id}`)).statusCode).toBe(200);
    expect((await learner.client.get('my-certificates')).json()).toEqual([]);
    expect((await learner.client.post(`user-lesson/update-status/${second?.id}`)).statusCode).toBe(200);
    // Opening it again changes nothing.
    expect((await learner.client.post(`user-lesson/update-status/${second?.id}`)).statusCode).toBe(200);
    const mine = (await learner.client.get('my-certificates')).json() as TIssuedCertificate[];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      fullName: 'Nguyễn Văn Đức',
      courseId: course.id,
      courseName: course.name,
      certificateId: certificate.id,
      certificateName: 'Completion award',
      ready: false,
      code: expect.stringMatching(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/),
    });

    // The PDF: one page, the learner's name (extracted as text), the course, the code.
    const download = await learner.client.get(`my-certificates/${mine[0]?.id}/download`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    const pdf = await readPdf(download.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.items).toEqual(expect.arrayContaining(['Nguyễn Văn Đức', course.name, mine[0]?.code]));
    expect(((await learner.client.get('my-certificates')).json() as TIssuedCertificate[])[0]?.ready).toBe(
      true,
    );

    // Staff see it on the learner's certificates page and in the issued list; others cannot download it.
    const page = await coordinator.get(`users/${learner.id}/certificates`);
    expect(page.json()).toMatchObject({
      user: { id: learner.id, fullName: 'Nguyễn Văn Đức' },
      certificates: [{ id: mine[0]?.id }],
    });
    const issued = await coordinator.get(`issued-certificates?q=${encodeURIComponent('văn đức')}`);
    expect((issued.json() as TIssuedCertificate[]).map((c) => c.id)).toEqual([mine[0]?.id]);
    const staffCopy = await coordinator.get(`issued-certificates/${mine[0]?.id}/download`);
    expect(staffCopy.statusCode).toBe(200);
    const stranger = await student.get(`my-certificates/${mine[0]?.id}/download`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(CERTIFICATE_MESSAGES.issuedNotFound);
  });

  it('issues nothing for a course without a certificate', async () => {
    const { topics } = await buildCourse(admin, [[0]]);
    const learner = await freshLearner();
    await learner.client.post(`user-lesson/update-status/${topics[0]?.lessons[0]?.id}`);
    expect((await learner.client.get('my-certificates')).json()).toEqual([]);
  });

  it('issues once when the last lessons are passed by concurrent requests', async () => {
    const certificate = await addCertificate('Concurrent award');
    // Unordered, one lesson per topic: every lesson is open at once.
    const { course, topics } = await certifiedCourse(certificate.id, 4, false);
    const lessonIds = topics.map((topic) => topic.lessons[0]?.id);
    const learner = await freshLearner();
    const results = await Promise.all(
      lessonIds.map((id) => learner.client.post(`user-lesson/update-status/${id}`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await t.database.db
      .select()
      .from(issuedCertificates)
      .where(and(eq(issuedCertificates.userId, learner.id), eq(issuedCertificates.courseId, course.id)));
    expect(rows).toHaveLength(1);
  });

  it('issues once however many completions are reported at the same moment', async () => {
    const certificate = await addCertificate('Race award');
    const { course } = await certifiedCourse(certificate.id, 1);
    const learner = await freshLearner();
    const at = new Date();
    const ids = await Promise.all(
      Array.from({ length: 12 }, () =>
        issueForCompletion(t.database.db, { userId: learner.id, courseId: course.id, at }),
      ),
    );
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(issuedCertificates)
      .where(eq(issuedCertificates.userId, learner.id));
    // Rendering twice at once keeps one file.
    const before = await pdfFiles('certificates');
    const storage = await createStorage(t.config);
    const keys = await Promise.all(
      [1, 2, 3].map(() => renderIssued(t.database.db, storage, row?.id as number)),
    );
    expect(new Set(keys).size).toBe(1);
    expect(await pdfFiles('certificates')).toBe(before + 1);
  }, 60_000);

  it('renders issued certificates in the background job', async () => {
    const certificate = await addCertificate('Background award');
    const { course } = await certifiedCourse(certificate.id, 1);
    const learner = await freshLearner();
    const id = await issueForCompletion(t.database.db, {
      userId: learner.id,
      courseId: course.id,
      at: new Date(),
    });
    expect(id).not.toBeNull();
    await t.app.jobs.startWorkers();
    const deadline = Date.now() + 20_000;
    let fileKey: string | null = null;
    while (!fileKey && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const [row] = await t.database.db
        .select({ fileKey: issuedCertificates.fileKey })
        .from(issuedCertificates)
        .where(eq(issuedCertificates.id, id as number));
      fileKey = row?.fileKey ?? null;
    }
    expect(fileKey).toMatch(/^certificates\/\d{4}\/[0-9a-f-]{36}\.pdf$/);
    const mine = (await learner.client.get('my-certificates')).json() as TIssuedCertificate[];
    expect(mine[0]?.ready).toBe(true);
  }, 40_000);
});

describe('verification', () => {
  it('confirms who earned what and when for a valid code, anonymously, in any letter case', async () => {
    const [demo] = (await student.get('my-certificates')).json() as TIssuedCertificate[];
    expect(demo).toMatchObject({ courseName: 'Workplace safety', certificateName: DEMO_CERTIFICATE_NAME });
    const res = await anonymous.get(`certificates/verify/${demo?.code.toLowerCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    if (!demo) throw new Error('the demo student has no certificate');
    const expected: TCertificateVerification = {
      code: demo.code,
      fullName: 'Minh Nguyen',
      courseName: 'Workplace safety',
      certificateName: DEMO_CERTIFICATE_NAME,
      issuedAt: demo.issuedAt,
      // The demo course's certificate never expires (decision 104).
      expiresAt: null,
      status: 'VALID',
    };
    expect(res.json()).toEqual(expected);
  });

  it('answers 404 with a message for a code that matches nothing, and 400 for a malformed one', async () => {
    const unknown = await anonymous.get('certificates/verify/AAAA-BBBB-CCCC');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, message: CERTIFICATE_MESSAGES.invalidCode });
    const malformed = await anonymous.get(`certificates/verify/${encodeURIComponent("x' or 1=1")}`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(CERTIFICATE_MESSAGES.invalidCode);
  });
});
