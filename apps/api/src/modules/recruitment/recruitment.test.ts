import fs from 'node:fs/promises';
import path from 'node:path';
import {
  APPLICATION_EXPORT_COLUMNS,
  forbiddenMessage,
  MESSAGES,
  RECRUITMENT_LIMITS,
  RECRUITMENT_MESSAGES,
  type TApplication,
  type TRecruitmentBranch,
  type TRecruitmentPost,
  type TRecruitmentPostDetail,
  type TRecruitmentPostRow,
  type TRecruitmentPostSummary,
} from '@academy/contract';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { formData, listFiles, pdfDocument, pngImage, tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_POSTS } from '../../demo/recruitment';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { API_PREFIX } from '../../platform/http/access';
import { simplePdf } from '../courses/samples';
import { APPLY_RATE_LIMIT } from './routes';
import { lyingZipBombDocx, wordDoc, wordDocx, zipBombDocx } from './test-fixtures';

let t: TestApp;
let admin: ApiClient;
/** E1017 holds the demo "HR officer" authorization (RECRUITMENT_MANAGEMENT only). */
let hr: ApiClient;
let staff: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let filesDir: string;
let outbox: string;

beforeAll(async () => {
  const dataDir = await tempDataDir();
  filesDir = path.join(dataDir, 'files');
  outbox = path.join(dataDir, 'outbox');
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  hr = await clientAs(t.app, 'E1017');
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  anonymous = apiClient(t.app, undefined);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function postFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    vacancy: 'Billing specialist',
    branchId: '1',
    endDate: inDays(30),
    salaryMin: '8000000',
    salaryMax: '11000000',
    workForm: 'FULL_TIME',
    gender: 'ALL',
    quantity: '3',
    degree: 'College',
    experience: '1 year',
    rank: 'Staff',
    workplace: 'Hanoi office',
    address: '12 Trang Tien, Hanoi',
    jobDescription: 'Prepare and check customer bills.',
    requirements: 'Careful with numbers',
    benefits: 'Insurance',
    hrPolicy: 'Equal opportunities',
    ...overrides,
  };
}

async function newPost(overrides: Record<string, string> = {}, files = {}): Promise<TRecruitmentPost> {
  const res = await hr.post('recruitment-posts', formData(postFields(overrides), files));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let ipCounter = 0;
/** Each application comes from its own address unless told, so the per-address limit does not mix. */
function nextIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter % 250}`.replace(/\.0$/, '.250');
}

function candidate(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    fullName: 'Lan Hoang',
    email: `lan.${Math.random().toString(36).slice(2, 8)}@mail.example.com`,
    phone: '+84 912 000 111',
    message: 'I would like to join your team.',
    ...overrides,
  };
}

function cvPdf(name = 'Lan Hoang'): Buffer {
  return simplePdf(`${name} - CV`, ['Customer care, 2 years', 'English: fluent']);
}

type Files = Record<string, [Buffer, string, string?]>;

function applyTo(postId: number, fields: Record<string, string>, files: Files, ip = nextIp()) {
  return anonymous.post(`recruitment/${postId}/apply`, formData(fields, files), { remoteAddress: ip });
}

async function storedFiles(): Promise<string[]> {
  return (await listFiles(filesDir)).filter((f) => !f.startsWith('.tmp') && !f.endsWith('.meta.json'));
}

async function outboxCount(): Promise<number> {
  return (await listFiles(outbox)).length;
}

describe('public posts', () => {
  it('lists open demo posts to visitors, newest first, with the total', async () => {
    const res = await anonymous.get('recruitment?size=50');
    expect(res.statusCode, res.body).toBe(200);
    const posts = res.json() as TRecruitmentPostSummary[];
    const openDemo = DEMO_POSTS.filter((p) => p.endsInDays === null || p.endsInDays > 0);
    expect(posts.map((p) => p.vacancy)).toEqual(expect.arrayContaining(openDemo.map((p) => p.vacancy)));
    expect(posts.every((p) => p.status === 'OPEN')).toBe(true);
    expect(posts.map((p) => p.vacancy)).not.toContain('Store supervisor');
    expect(res.headers['x-total-count']).toBe(String(posts.length));
    const ids = posts.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const indefinite = posts.find((p) => p.vacancy === 'Sales consultant (part-time)');
    expect(indefinite).toMatchObject({ endDate: null, status: 'OPEN', workForm: 'PART_TIME' });
  });

  it('shows closed posts marked CLOSED after the open ones with status=all, and alone with status=closed', async () => {
    const all = (await anonymous.get('recruitment?status=all&size=100')).json() as TRecruitmentPostSummary[];
    const statuses = all.map((p) => p.status);
    expect(statuses).toContain('CLOSED');
    expect(statuses.indexOf('CLOSED')).toBeGreaterThan(statuses.lastIndexOf('OPEN'));
    const closed = (await anonymous.get('recruitment?status=closed')).json() as TRecruitmentPostSummary[];
    expect(closed.map((p) => p.vacancy)).toEqual(['Store supervisor']);
    expect(closed[0]).toMatchObject({ status: 'CLOSED', branchName: 'Skyline TV Can Tho' });
  });

  it('searches the vacancy and filters by branch; lists the branches that have posts', async () => {
    const found = (await anonymous.get('recruitment?q=ENGINEER')).json() as TRecruitmentPostSummary[];
    expect(found.map((p) => p.vacancy)).toEqual(['Network operations engineer']);
    const branchesRes = await anonymous.get('recruitment/branches');
    expect(branchesRes.statusCode).toBe(200);
    const branches = branchesRes.json() as TRecruitmentBranch[];
    const hanoi = branches.find((b) => b.name === 'Skyline Mobile Hanoi');
    expect(hanoi?.openCount).toBeGreaterThanOrEqual(2);
    expect(branches.find((b) => b.name === 'Skyline TV Can Tho')).toMatchObject({ openCount: 0 });
    const inHanoi = (
      await anonymous.get(`recruitment?branchId=${hanoi?.id}`)
    ).json() as TRecruitmentPostSummary[];
    expect(inHanoi.length).toBeGreaterThanOrEqual(2);
    expect(inHanoi.every((p) => p.branchName === 'Skyline Mobile Hanoi')).toBe(true);
    const none = await anonymous.get('recruitment?q=%25');
    expect(none.json()).toEqual([]);
  });

  it('shows a post with every detail to visitors, closed ones too; unknown ones are "Cannot find recruitment post"', async () => {
    const list = (await anonymous.get('recruitment?status=all&size=100')).json() as TRecruitmentPostSummary[];
    const engineer = list.find((p) => p.vacancy === 'Network operations engineer');
    const res = await anonymous.get(`recruitment/${engineer?.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as TRecruitmentPostDetail;
    expect(detail).toMatchObject({
      vacancy: 'Network operations engineer',
      salaryMin: 20_000_000,
      salaryMax: 30_000_000,
      quantity: 2,
      workForm: 'FULL_TIME',
      gender: 'ALL',
      rank: 'Senior engineer',
      experience: '3 years in a network operations centre',
      workplace: 'Ho Chi Minh City NOC',
      jobDescription: expect.stringContaining('fibre backbone'),
      requirements: expect.stringContaining('CCNA'),
      benefits: expect.stringContaining('Health insurance'),
      applicationForm: null,
    });
    expect(detail).not.toHaveProperty('applicationCount');
    const closed = list.find((p) => p.status === 'CLOSED');
    expect((await anonymous.get(`recruitment/${closed?.id}`)).json().status).toBe('CLOSED');
    const missing = await anonymous.get('recruitment/99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, message: RECRUITMENT_MESSAGES.postNotFound });
  });
});

describe('managing posts', () => {
  it('adds a post with a banner and an application form that visitors can download', async () => {
    const post = await newPost(
      { vacancy: '  Billing specialist  ' },
      {
        banner: [await pngImage(320, 120), 'banner.png', 'image/png'],
        applicationForm: [wordDocx(), 'Application form.docx'],
      },
    );
    expect(post).toMatchObject({
      vacancy: 'Billing specialist',
      branchId: 1,
      branchName: 'Skyline Mobile Hanoi',
      serviceName: 'Skyline Mobile',
      status: 'OPEN',
      salaryMin: 8_000_000,
      salaryMax: 11_000_000,
      quantity: 3,
      gender: 'ALL',
      address: '12 Trang Tien, Hanoi',
      hrPolicy: 'Equal opportunities',
      applicationCount: 0,
      banner: expect.stringMatching(/^\/files\/recruitment\/\d{4}\/[0-9a-f-]{36}\.png$/),
      applicationForm: {
        name: 'Application form.docx',
        size: wordDocx().length,
        url: `${API_PREFIX}/recruitment/${post.id}/application-form`,
      },
    });
    const form = await t.app.inject({ method: 'GET', url: post.applicationForm?.url ?? '' });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(form.headers['content-disposition']).toMatch(/^attachment; filename="Application form.docx"/);
    expect(form.rawPayload.equals(wordDocx())).toBe(true);
    const banner = await t.app.inject({ method: 'GET', url: post.banner ?? '' });
    expect(banner.headers['content-type']).toBe('image/png');
    const noForm = await anonymous.get(`recruitment/${(await newPost()).id}/application-form`);
    expect(noForm.statusCode).toBe(404);
    expect(noForm.json().message).toBe(RECRUITMENT_MESSAGES.fileNotFound);
  });

  it('adds an indefinite post without an end date, and a legacy .doc application form', async () => {
    const post = await newPost(
      { indefinite: 'true', endDate: '', salaryMin: '', salaryMax: '' },
      { applicationForm: [wordDoc(), 'form.doc'] },
    );
    expect(post).toMatchObject({ endDate: null, status: 'OPEN', salaryMin: null, salaryMax: null });
    expect(post.applicationForm?.name).toBe('form.doc');
  });

  it.each(
    (
      [
        ['vacancy', { vacancy: '   ' }, MESSAGES.required],
        ['branchId', { branchId: '' }, MESSAGES.required],
        ['endDate', { endDate: '' }, MESSAGES.required],
        ['endDate', { endDate: '30/12/2030' }, MESSAGES.dateInvalid],
        [
          'salaryMax',
          { salaryMin: '12000000', salaryMax: '9000000' },
          RECRUITMENT_MESSAGES.salaryMinBelowMax,
        ],
        ['salaryMax', { salaryMin: '9000000', salaryMax: '9000000' }, RECRUITMENT_MESSAGES.salaryMinBelowMax],
        ['salaryMin', { salaryMin: 'a lot' }, MESSAGES.mustBeNumber],
        ['salaryMin', { salaryMin: '-5' }, MESSAGES.mustBeNumber],
        ['workForm', { workForm: '' }, MESSAGES.required],
        ['quantity', { quantity: '' }, MESSAGES.required],
        ['quantity', { quantity: 'two' }, MESSAGES.mustBeNumber],
        ['quantity', { quantity: '0' }, MESSAGES.mustBeNumber],
        ['jobDescription', { jobDescription: ' ' }, MESSAGES.required],
        ['vacancy', { vacancy: 'x'.repeat(256) }, 'Must be at most 255 characters'],
        ['benefits', { benefits: 'x'.repeat(4001) }, 'Must be at most 4000 characters'],
      ] as [string, Record<string, string>, string][]
    ).map(([field, overrides, message]) => [field, message, overrides] as const),
  )('refuses a post with a bad %s (%s)', async (field, message, overrides) => {
    const before = await storedFiles();
    const res = await hr.post(
      'recruitment-posts',
      formData(postFields(overrides), { banner: [await pngImage(), 'b.png'] }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toContainEqual({ field, message });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an end date that has passed, and an unknown branch', async () => {
    const past = await hr.post('recruitment-posts', formData(postFields({ endDate: inDays(-1) })));
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      message: RECRUITMENT_MESSAGES.endDateInFuture,
      fieldErrors: [{ field: 'endDate', message: RECRUITMENT_MESSAGES.endDateInFuture }],
    });
    const branch = await hr.post('recruitment-posts', formData(postFields({ branchId: '9999' })));
    expect(branch.statusCode).toBe(400);
    expect(branch.json().fieldErrors).toEqual([{ field: 'branchId', message: MESSAGES.branchNotFound }]);
  });

  it('refuses an application form that is not Word, a zip bomb, and one that is too large, storing nothing', async () => {
    const before = await storedFiles();
    const cases: [Buffer, number, string][] = [
      [pdfDocument(), 415, MESSAGES.documentOnly],
      [zipBombDocx(), 422, RECRUITMENT_MESSAGES.documentDamaged],
      [lyingZipBombDocx(), 422, RECRUITMENT_MESSAGES.documentDamaged],
      [
        Buffer.concat([wordDocx(), Buffer.alloc(RECRUITMENT_LIMITS.applicationFormBytes)]),
        413,
        RECRUITMENT_MESSAGES.applicationFormTooLarge,
      ],
    ];
    for (const [data, status, message] of cases) {
      const res = await hr.post(
        'recruitment-posts',
        formData(postFields(), { applicationForm: [data, 'form.docx'] }),
      );
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ message, fieldErrors: [{ field: 'applicationForm', message }] });
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('edits a post: replaces the form, clears the banner, keeps an end date that has since passed', async () => {
    const post = await newPost(
      {},
      { banner: [await pngImage(), 'b.png'], applicationForm: [wordDocx('v1'), 'v1.docx'] },
    );
    const bannerKey = (post.banner ?? '').replace('/files/', '');
    expect(await storedFiles()).toContain(bannerKey);
    const res = await hr.put(
      `recruitment-posts/${post.id}`,
      formData(
        postFields({
          vacancy: 'Senior billing specialist',
          endDate: post.endDate ?? '',
          removeBanner: 'true',
        }),
        { applicationForm: [wordDocx('v2'), 'v2.docx'] },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as TRecruitmentPost;
    expect(edited).toMatchObject({ vacancy: 'Senior billing specialist', banner: null });
    expect(edited.applicationForm?.name).toBe('v2.docx');
    expect(await storedFiles()).not.toContain(bannerKey);
    const form = await anonymous.get(`recruitment/${post.id}/application-form`);
    expect(form.rawPayload.equals(wordDocx('v2'))).toBe(true);

    // Time passes beyond the end date: editing other fields keeps the (past) end date...
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * DAY });
    const hrLater = await clientAs(t.app, 'E1017');
    const keep = await hrLater.put(
      `recruitment-posts/${post.id}`,
      formData(postFields({ vacancy: 'Billing lead', endDate: edited.endDate ?? '' })),
    );
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json()).toMatchObject({ vacancy: 'Billing lead', status: 'CLOSED' });
    expect(keep.json().applicationForm?.name).toBe('v2.docx');
    // ...but a new end date must lie ahead.
    const moved = await hrLater.put(
      `recruitment-posts/${post.id}`,
      formData(postFields({ endDate: new Date(Date.now() - DAY).toISOString() })),
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(RECRUITMENT_MESSAGES.endDateInFuture);
    const missing = await hrLater.put('recruitment-posts/99999', formData(postFields()));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(RECRUITMENT_MESSAGES.postNotFound);
  });

  it('lists posts for HR with application counts, status filter and search', async () => {
    const all = await hr.get('recruitment-posts?size=100');
    expect(all.statusCode).toBe(200);
    const rows = all.json() as TRecruitmentPostRow[];
    expect(all.headers['x-total-count']).toBe(String(rows.length));
    const care = rows.find((r) => r.vacancy === 'Customer care agent');
    expect(care).toMatchObject({ applicationCount: 2, pendingCount: 1, approvedCount: 1 });
    const closed = (await hr.get('recruitment-posts?status=closed')).json() as TRecruitmentPostRow[];
    expect(closed.length).toBeGreaterThanOrEqual(1);
    expect(closed.every((r) => r.status === 'CLOSED')).toBe(true);
    const open = (await hr.get('recruitment-posts?status=open&size=100')).json() as TRecruitmentPostRow[];
    expect(open.length + closed.length).toBe(rows.length);
    const searched = (await hr.get('recruitment-posts?q=technician')).json() as TRecruitmentPostRow[];
    expect(searched.map((r) => r.vacancy)).toEqual(['Field technician']);
    const sorted = (
      await hr.get('recruitment-posts?sort=vacancy,asc&size=100')
    ).json() as TRecruitmentPostRow[];
    const names = sorted.map((r) => r.vacancy);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await hr.get('recruitment-posts?sort=jobDescription,asc')).statusCode).toBe(400);
    const one = await hr.get(`recruitment-posts/${care?.id}`);
    expect(one.json()).toMatchObject({ vacancy: 'Customer care agent', applicationCount: 2 });
  });

  it('deletes a post with its applications and every stored file', async () => {
    const post = await newPost(
      {},
      { banner: [await pngImage(), 'b.png'], applicationForm: [wordDocx(), 'f.docx'] },
    );
    const applied = await applyTo(post.id, candidate(), {
      cv: [cvPdf(), 'cv.pdf'],
      applicationForm: [wordDocx('filled'), 'filled.docx'],
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const [application] = (
      await hr.get(`recruitment-posts/${post.id}/applications`)
    ).json() as TApplication[];
    const before = await storedFiles();
    const res = await hr.delete(`recruitment-posts/${post.id}`);
    expect(res.statusCode).toBe(204);
    const after = await storedFiles();
    expect(before.length - after.length).toBe(4);
    expect((await anonymous.get(`recruitment/${post.id}`)).statusCode).toBe(404);
    expect((await hr.get(`recruitment-applications/${application?.id}`)).statusCode).toBe(404);
    expect((await hr.delete(`recruitment-posts/${post.id}`)).json().message).toBe(
      RECRUITMENT_MESSAGES.postNotFound,
    );
  });
});

describe('applying', () => {
  it('takes an application with a PDF CV and a filled form, mails the candidate, and shows it to HR', async () => {
    const post = await newPost({ vacancy: 'Retail cashier' });
    const mails = await outboxCount();
    const fields = candidate({ fullName: ' Lan Hoang ', email: 'Lan.Hoang@Mail.example.com', homepage: '' });
    const res = await applyTo(post.id, fields, {
      cv: [cvPdf(), 'Lan Hoang CV.pdf', 'application/pdf'],
      applicationForm: [wordDocx('filled in'), 'form.docx'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      postId: post.id,
      vacancy: 'Retail cashier',
      fullName: 'Lan Hoang',
      email: 'Lan.Hoang@Mail.example.com',
    });
    expect(await outboxCount()).toBe(mails + 1);
    const files = await listFiles(outbox);
    const eml = await fs.readFile(path.join(outbox, files.at(-1) ?? ''), 'utf8');
    expect(eml).toMatch(/^To: Lan\.Hoang@mail\.example\.com/im);
    expect(eml).toContain('Retail cashier');

    const list = await hr.get(`recruitment-posts/${post.id}/applications`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    const [application] = list.json() as TApplication[];
    expect(application).toMatchObject({
      postId: post.id,
      vacancy: 'Retail cashier',
      fullName: 'Lan Hoang',
      phone: '+84 912 000 111',
      message: 'I would like to join your team.',
      status: 'PENDING',
      cv: {
        name: 'Lan Hoang CV.pdf',
        size: cvPdf().length,
        url: `${API_PREFIX}/recruitment-applications/${application?.id}/cv`,
      },
      applicationForm: { name: 'form.docx' },
      reviewedAt: null,
      reviewedBy: null,
    });
    // Storage keys never leave the server.
    expect(list.body).not.toMatch(/recruitment-cvs|recruitment-applications\/\d{4}\//);

    const cvRes = await hr.get(`recruitment-applications/${application?.id}/cv`);
    expect(cvRes.statusCode).toBe(200);
    expect(cvRes.headers['content-type']).toBe('application/pdf');
    expect(cvRes.headers['content-disposition']).toMatch(/^inline; filename="Lan Hoang CV.pdf"/);
    expect(cvRes.headers['cache-control']).toBe('private, no-store');
    expect(cvRes.rawPayload.equals(cvPdf())).toBe(true);
    const download = await hr.get(`recruitment-applications/${application?.id}/cv?download=true`);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    const form = await admin.get(`recruitment-applications/${application?.id}/application-form`);
    expect(form.rawPayload.equals(wordDocx('filled in'))).toBe(true);
  });

  it('never serves a CV or an application to anonymous users, students or staff without the permission', async () => {
    const [first] = (await hr.get('recruitment-posts?q=customer care')).json() as TRecruitmentPostRow[];
    const [application] = (
      await hr.get(`recruitment-posts/${first?.id}/applications`)
    ).json() as TApplication[];
    const id = application?.id;
    for (const path of [`recruitment-applications/${id}/cv`, `recruitment-applications/${id}`]) {
      const anon = await anonymous.get(path);
      expect(anon.statusCode).toBe(401);
      expect(anon.headers['content-type']).toMatch(/json/);
      for (const client of [student, staff]) {
        const res = await client.get(path);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(forbiddenMessage('view CVs'));
      }
    }
    expect((await student.get(`recruitment-posts/${first?.id}/applications`)).json().message).toBe(
      forbiddenMessage('view CVs'),
    );
    // The demo CV is generated on first use and served to HR.
    const cv = await hr.get(`recruitment-applications/${id}/cv`);
    expect(cv.statusCode).toBe(200);
    expect(cv.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it.each(
    (
      [
        ['fullName', { fullName: '  ' }, MESSAGES.required],
        ['email', { email: '' }, MESSAGES.required],
        ['email', { email: 'not-an-email' }, MESSAGES.emailInvalid],
        ['phone', { phone: '' }, MESSAGES.required],
        ['phone', { phone: 'call me' }, MESSAGES.phoneInvalid],
        ['message', { message: 'x'.repeat(2001) }, 'Must be at most 2000 characters'],
      ] as [string, Record<string, string>, string][]
    ).map(([field, overrides, message]) => [field, message, overrides] as const),
  )('refuses an application with a bad %s (%s)', async (field, message, overrides) => {
    const [post] = (await anonymous.get('recruitment')).json() as TRecruitmentPostSummary[];
    const before = await storedFiles();
    const res = await applyTo(post?.id ?? 0, candidate(overrides), { cv: [cvPdf(), 'cv.pdf'] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toContainEqual({ field, message });
    expect(await storedFiles()).toEqual(before);
  });

  it('checks the files by content: no CV, a .pdf that is not a PDF, an oversize CV, a zip-bomb form', async () => {
    const post = await newPost();
    const before = await storedFiles();
    const mails = await outboxCount();
    const oversize = Buffer.concat([cvPdf(), Buffer.alloc(RECRUITMENT_LIMITS.cvBytes)]);
    const cases: [Files, number, string, string][] = [
      [{}, 400, 'cv', MESSAGES.fileRequired],
      [{ cv: [await pngImage(), 'cv.pdf', 'application/pdf'] }, 415, 'cv', MESSAGES.pdfOnly],
      [{ cv: [wordDocx(), 'cv.pdf', 'application/pdf'] }, 415, 'cv', MESSAGES.pdfOnly],
      [{ cv: [oversize, 'cv.pdf', 'application/pdf'] }, 413, 'cv', RECRUITMENT_MESSAGES.cvTooLarge],
      [
        { cv: [cvPdf(), 'cv.pdf'], applicationForm: [zipBombDocx(), 'form.docx'] },
        422,
        'applicationForm',
        RECRUITMENT_MESSAGES.documentDamaged,
      ],
      [
        { cv: [cvPdf(), 'cv.pdf'], applicationForm: [cvPdf(), 'form.docx'] },
        415,
        'applicationForm',
        MESSAGES.documentOnly,
      ],
    ];
    for (const [files, status, field, message] of cases) {
      const res = await applyTo(post.id, candidate(), files);
      expect(res.statusCode, `${field} ${message}: ${res.body}`).toBe(status);
      expect(res.json()).toMatchObject({ message, fieldErrors: [{ field, message }] });
    }
    expect(await storedFiles()).toEqual(before);
    expect(await outboxCount()).toBe(mails);
    expect((await hr.get(`recruitment-posts/${post.id}/applications`)).json()).toEqual([]);
  });

  it('refuses a second application from the same email to the same post, in any letter case', async () => {
    const post = await newPost();
    const other = await newPost();
    const first = await applyTo(post.id, candidate({ email: 'dup@mail.example.com' }), {
      cv: [cvPdf(), 'cv.pdf'],
    });
    expect(first.statusCode).toBe(201);
    const before = await storedFiles();
    const again = await applyTo(post.id, candidate({ email: 'DUP@mail.example.com' }), {
      cv: [cvPdf(), 'cv.pdf'],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: RECRUITMENT_MESSAGES.alreadyApplied,
      fieldErrors: [{ field: 'email', message: RECRUITMENT_MESSAGES.alreadyApplied }],
    });
    expect(await storedFiles()).toEqual(before);
    const elsewhere = await applyTo(other.id, candidate({ email: 'dup@mail.example.com' }), {
      cv: [cvPdf(), 'cv.pdf'],
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses applications once the deadline has passed (server clock), and to unknown posts', async () => {
    const post = await newPost({ endDate: new Date(Date.now() + 60 * 60 * 1000).toISOString() });
    const early = await applyTo(post.id, candidate(), { cv: [cvPdf(), 'cv.pdf'] });
    expect(early.statusCode).toBe(201);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60 * 60 * 1000 });
    const before = await storedFiles();
    const late = await applyTo(post.id, candidate(), { cv: [cvPdf(), 'cv.pdf'] });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ status: 422, message: RECRUITMENT_MESSAGES.deadlinePassed });
    expect(await storedFiles()).toEqual(before);
    const detail = (await anonymous.get(`recruitment/${post.id}`)).json() as TRecruitmentPostDetail;
    expect(detail.status).toBe('CLOSED');
    const open = (await anonymous.get('recruitment?size=100')).json() as TRecruitmentPostSummary[];
    expect(open.map((p) => p.id)).not.toContain(post.id);
    const unknown = await applyTo(99999, candidate(), { cv: [cvPdf(), 'cv.pdf'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(RECRUITMENT_MESSAGES.postNotFound);
  });

  it('answers a robot that fills the honeypot like anyone else, but keeps and sends nothing', async () => {
    const post = await newPost();
    const before = await storedFiles();
    const mails = await outboxCount();
    const res = await applyTo(post.id, candidate({ homepage: 'http://spam.example.com' }), {
      cv: [cvPdf(), 'cv.pdf'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().vacancy).toBe('Billing specialist');
    expect(await storedFiles()).toEqual(before);
    expect(await outboxCount()).toBe(mails);
    expect((await hr.get(`recruitment-posts/${post.id}/applications`)).json()).toEqual([]);
  });

  it(`limits applications to ${APPLY_RATE_LIMIT.max} an hour from one address`, async () => {
    const post = await newPost();
    const ip = '192.0.2.77';
    for (let i = 0; i < APPLY_RATE_LIMIT.max; i += 1) {
      const res = await applyTo(
        post.id,
        candidate({ email: `rate${i}@mail.example.com` }),
        { cv: [cvPdf(), 'cv.pdf'] },
        ip,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const blocked = await applyTo(post.id, candidate(), { cv: [cvPdf(), 'cv.pdf'] }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 429, message: MESSAGES.tooManyRequests });
    const elsewhere = await applyTo(post.id, candidate(), { cv: [cvPdf(), 'cv.pdf'] });
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe('reviewing applications', () => {
  async function freshApplication(): Promise<TApplication> {
    const post = await newPost({ vacancy: 'Reviewed role' });
    const res = await applyTo(post.id, candidate(), { cv: [cvPdf(), 'cv.pdf'] });
    expect(res.statusCode).toBe(201);
    const [application] = (
      await hr.get(`recruitment-posts/${post.id}/applications`)
    ).json() as TApplication[];
    if (!application) throw new Error('no application');
    return application;
  }

  it('approves and disapproves, remembering who and when; filters by status', async () => {
    const application = await freshApplication();
    const approved = await hr.post(`recruitment-applications/${application.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'APPROVED',
      reviewedBy: expect.any(String),
      reviewedAt: expect.any(String),
    });
    const byStatus = await hr.get(`recruitment-posts/${application.postId}/applications?status=APPROVED`);
    expect((byStatus.json() as TApplication[]).map((a) => a.id)).toEqual([application.id]);
    expect(
      (await hr.get(`recruitment-posts/${application.postId}/applications?status=PENDING`)).json(),
    ).toEqual([]);
    const disapproved = await admin.post(`recruitment-applications/${application.id}/disapprove`);
    expect(disapproved.json()).toMatchObject({ status: 'DISAPPROVED', reviewedBy: 'Academy Administrator' });
    const post = (await hr.get(`recruitment-posts/${application.postId}`)).json() as TRecruitmentPost;
    expect(post).toMatchObject({ applicationCount: 1, pendingCount: 0, approvedCount: 0 });
    const missing = await hr.post('recruitment-applications/99999/approve');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(RECRUITMENT_MESSAGES.applicationNotFound);
  });

  it('deletes an application and its CV', async () => {
    const application = await freshApplication();
    const before = await storedFiles();
    const res = await hr.delete(`recruitment-applications/${application.id}`);
    expect(res.statusCode).toBe(204);
    expect(before.length - (await storedFiles()).length).toBe(1);
    expect((await hr.get(`recruitment-applications/${application.id}/cv`)).statusCode).toBe(404);
    // The candidate may apply again once their application is gone.
    const again = await applyTo(application.postId, candidate({ email: application.email }), {
      cv: [cvPdf(), 'cv.pdf'],
    });
    expect(again.statusCode).toBe(201);
  });

  it('exports a post’s applications to Excel', async () => {
    const post = await newPost({ vacancy: 'Export role' });
    for (const name of ['Anh Vu', 'Binh Do', 'Chau Ly']) {
      const res = await applyTo(post.id, candidate({ fullName: name }), { cv: [cvPdf(name), 'cv.pdf'] });
      expect(res.statusCode).toBe(201);
    }
    const [last] = (await hr.get(`recruitment-posts/${post.id}/applications`)).json() as TApplication[];
    await hr.post(`recruitment-applications/${last?.id}/approve`);
    const res = await hr.get(`recruitment-posts/${post.id}/applications/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="applications-export-role-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(res.rawPayload).buffer as ArrayBuffer);
    const sheet = workbook.getWorksheet('Applications');
    if (!sheet) throw new Error('no Applications sheet');
    expect(sheet.getRow(1).getCell(1).value).toBe('Export role');
    const header = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(header).toEqual(APPLICATION_EXPORT_COLUMNS.map((c) => c.header));
    const names = [3, 4, 5].map((r) => sheet.getRow(r).getCell(2).value);
    expect(names).toEqual(['Anh Vu', 'Binh Do', 'Chau Ly']);
    expect(sheet.getRow(5).getCell(6).value).toBe('Approved');
    expect(sheet.getRow(3).getCell(6).value).toBe('Pending');
    const approvedOnly = await hr.get(`recruitment-posts/${post.id}/applications/export?status=APPROVED`);
    const filtered = new ExcelJS.Workbook();
    await filtered.xlsx.load(new Uint8Array(approvedOnly.rawPayload).buffer as ArrayBuffer);
    expect(filtered.getWorksheet('Applications')?.rowCount).toBe(3);
    expect((await hr.get('recruitment-posts/99999/applications/export')).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses every management call to visitors (401) and to students and staff, naming the action (403)', async () => {
    const [post] = (await hr.get('recruitment-posts')).json() as TRecruitmentPostRow[];
    const [application] = (
      await hr.get(`recruitment-posts/${post?.id}/applications`)
    ).json() as TApplication[];
    const a = application?.id ?? 1;
    const p = post?.id ?? 1;
    const calls: [string, (c: ApiClient) => ReturnType<ApiClient['get']>][] = [
      ['view recruitment posts', (c) => c.get('recruitment-posts')],
      ['view recruitment posts', (c) => c.get(`recruitment-posts/${p}`)],
      ['add recruitment posts', (c) => c.post('recruitment-posts', formData(postFields()))],
      ['edit recruitment posts', (c) => c.put(`recruitment-posts/${p}`, formData(postFields()))],
      ['delete recruitment posts', (c) => c.delete(`recruitment-posts/${p}`)],
      ['view CVs', (c) => c.get(`recruitment-posts/${p}/applications`)],
      ['export CVs', (c) => c.get(`recruitment-posts/${p}/applications/export`)],
      ['view CVs', (c) => c.get(`recruitment-applications/${a}`)],
      ['view CVs', (c) => c.get(`recruitment-applications/${a}/cv`)],
      ['view CVs', (c) => c.get(`recruitment-applications/${a}/application-form`)],
      ['approve CVs', (c) => c.post(`recruitment-applications/${a}/approve`)],
      ['disapprove CVs', (c) => c.post(`recruitment-applications/${a}/disapprove`)],
      ['delete CVs', (c) => c.delete(`recruitment-applications/${a}`)],
    ];
    for (const [action, call] of calls) {
      expect((await call(anonymous)).statusCode, action).toBe(401);
      for (const client of [student, staff]) {
        const res = await call(client);
        expect(res.statusCode, action).toBe(403);
        expect(res.json().message).toBe(forbiddenMessage(action));
      }
    }
    // Nothing changed.
    const still = (await hr.get(`recruitment-applications/${a}`)).json() as TApplication;
    expect(still.status).toBe(application?.status);
  });
});

describe('constant number of queries', () => {
  async function statementsOf(call: () => Promise<{ statusCode: number; body: string }>): Promise<number> {
    t.database.queries.reset();
    const res = await call();
    expect(res.statusCode, res.body).toBe(200);
    return t.database.queries.count;
  }

  it('post lists and application lists cost the same for 1 row as for 40', async () => {
    const few = await newPost({ vacancy: 'Query count few' });
    await applyTo(few.id, candidate(), { cv: [cvPdf(), 'cv.pdf'] });
    const many = await newPost({ vacancy: 'Query count many' });
    for (let i = 0; i < 40; i += 1) {
      const res = await applyTo(many.id, candidate({ email: `many${i}@mail.example.com` }), {
        cv: [cvPdf(), 'cv.pdf'],
      });
      expect(res.statusCode).toBe(201);
    }
    for (let i = 0; i < 30; i += 1) await newPost({ vacancy: `Filler ${i}` });

    const onePost = await statementsOf(() => hr.get('recruitment-posts?q=query count few'));
    const manyPosts = await statementsOf(() => hr.get('recruitment-posts?size=100'));
    expect([onePost, manyPosts]).toEqual([3, 3]); // principal, page, total
    const publicOne = await statementsOf(() => anonymous.get('recruitment?q=query count few'));
    const publicMany = await statementsOf(() => anonymous.get('recruitment?size=100'));
    expect([publicOne, publicMany]).toEqual([2, 2]); // page, total
    const fewApps = await statementsOf(() => hr.get(`recruitment-posts/${few.id}/applications`));
    const manyApps = await statementsOf(() => hr.get(`recruitment-posts/${many.id}/applications?size=100`));
    expect([fewApps, manyApps]).toEqual([4, 4]); // principal, post, page, total
    expect(await statementsOf(() => anonymous.get(`recruitment/${many.id}`))).toBe(1);
    expect(await statementsOf(() => anonymous.get('recruitment/branches'))).toBe(1);
    expect(await statementsOf(() => hr.get(`recruitment-posts/${many.id}`))).toBe(2);
  });
});
