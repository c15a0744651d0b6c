import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { makeOrgTree } from '../../../test/factories';
import { formData, pdfDocument } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type ReceivedMail, startSmtpServer, type TestSmtp } from '../../../test/mail';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { deliverPending } from '../../modules/notifications/testing';

/**
 * Issue 23, mail: the product's own flows send through a real SMTP server (SMTP_URL), and each
 * message arrives with a text and an HTML part, the right subject and links, values escaped.
 */
const PUBLIC_URL = 'http://localhost:3000';
const HOSTILE = '<script>alert(1)</script> Tran';
const HOSTILE_HTML = '&lt;script&gt;alert(1)&lt;/script&gt; Tran';

let t: TestApp;
let smtp: TestSmtp;
let admin: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  anonymous = apiClient(t.app, undefined);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function expectBothParts(mail: ReceivedMail): void {
  expect(mail.contentTypes).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
  expect(mail.html).toContain('#251A5B');
  expect(mail.text.length).toBeGreaterThan(50);
}

describe('mails through SMTP', () => {
  it('password reset: the mailed link sets the password', async () => {
    const res = await anonymous.post(
      'users/recovery-password',
      { email: 'student@academy.example.com' },
      { headers: { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.5' } },
    );
    expect(res.statusCode, res.body).toBe(204);
    const mail = await smtp.waitFor('student@academy.example.com', (m) => m.subject.includes('password'));
    expectBothParts(mail);
    expect(mail.subject).toBe('Reset your Academy password');
    const token = new RegExp(`${PUBLIC_URL}/forgot-password\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect(mail.html).toContain(`href="${PUBLIC_URL}/forgot-password?token=${token}"`);
    const reset = await anonymous.post('users/reset-password', {
      token,
      newPassword: 'Student@2027',
      confirmPassword: 'Student@2027',
    });
    expect(reset.statusCode, reset.body).toBe(204);
  });

  it('welcome: an imported user gets a set-password link, their name escaped', async () => {
    const org = await makeOrgTree(t.app);
    const department = (await admin.get(`departments/${org.branchA.departmentId}`)).json();
    const header = 'Employee code,Full name,Email,Service,Branch,Department';
    const row = ['MAIL1', HOSTILE, 'mail1@import.example.com', department.serviceName, department.branchName];
    const file = Buffer.from(`${header}\r\n${[...row, department.name].join(',')}\r\n`);
    const res = await admin.post(
      'users/import?dryRun=false&welcome=true',
      formData({}, { file: [file, 'users.csv'] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const mail = await smtp.waitFor('mail1@import.example.com');
    expectBothParts(mail);
    expect(mail.subject).toBe('Welcome to Skyline Academy');
    expect(mail.text).toContain(`Hello ${HOSTILE},`);
    expect(mail.text).toContain('(MAIL1)');
    expect(mail.html).toContain(`Hello ${HOSTILE_HTML},`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/forgot-password\\?token=[A-Za-z0-9_-]+`));
  });

  it('Q&A: the asker hears of a reply, with the excerpt escaped and the question linked', async () => {
    const asker = await clientAs(t.app, 'E1002');
    const question = await asker.post('qa/questions', {
      title: 'Where do I find the <b>slides</b>?',
      description: 'The lesson mentions slides.',
      type: 'OTHER',
    });
    expect(question.statusCode, question.body).toBe(201);
    const { id } = question.json();
    const replied = await admin.post(`qa/questions/${id}/replies`, {
      content: `Under "Documents". ${HOSTILE}`,
    });
    expect(replied.statusCode, replied.body).toBe(201);
    // Notifications are delivered by the job queue; here, now.
    await deliverPending(t);
    const mail = await smtp.waitFor('', (m) => m.subject.startsWith('New reply to your question'));
    expectBothParts(mail);
    expect(mail.subject).toBe('New reply to your question: Where do I find the <b>slides</b>?');
    expect(mail.text).toContain(`${PUBLIC_URL}/training-academy/qa/${id}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/training-academy/qa/${id}"`);
    expect(mail.html).toContain('&lt;b&gt;slides&lt;/b&gt;');
    expect(mail.html).toContain(HOSTILE_HTML);
    expect(mail.html).not.toMatch(/<script>|<b>/);
  });

  it('recruitment: the candidate gets the confirmation, then one mail per decision', async () => {
    const posts = (await anonymous.get('recruitment')).json();
    const post = (posts.content ?? posts.data?.content ?? posts)[0] as { id: number; vacancy: string };
    const email = 'candidate@mail.example.com';
    const fields = { fullName: HOSTILE, email, phone: '+84 912 000 111' };
    const applied = await anonymous.post(
      `recruitment/${post.id}/apply`,
      formData(fields, { cv: [pdfDocument(), 'cv.pdf'] }),
    );
    expect(applied.statusCode, applied.body).toBe(201);
    const received = await smtp.waitFor(email, (m) => m.subject.startsWith('We received'));
    expectBothParts(received);
    expect(received.subject).toBe(`We received your application: ${post.vacancy}`);
    expect(received.html).toContain(`Hello ${HOSTILE_HTML},`);
    expect(received.text).toContain(`${PUBLIC_URL}/recruitment/${post.id}`);

    const [application] = (await admin.get(`recruitment-posts/${post.id}/applications?q=candidate`)).json();
    const decisions = () => smtp.mails.filter((m) => m.to === email && !m.subject.startsWith('We received'));
    expect((await admin.post(`recruitment-applications/${application.id}/approve`)).statusCode).toBe(200);
    const approved = await smtp.waitFor(email, (m) => m.subject.startsWith('Your application was selected'));
    expectBothParts(approved);
    expect(approved.subject).toBe(`Your application was selected: ${post.vacancy}`);
    expect((await admin.post(`recruitment-applications/${application.id}/approve`)).statusCode).toBe(200);
    expect((await admin.post(`recruitment-applications/${application.id}/disapprove`)).statusCode).toBe(200);
    const declined = await smtp.waitFor(email, (m) => m.subject === `Your application: ${post.vacancy}`);
    expectBothParts(declined);
    expect(declined.text).toContain(`${PUBLIC_URL}/recruitment`);
    // Approving twice mailed once.
    expect(decisions().map((m) => m.subject)).toEqual([approved.subject, declined.subject]);
  });
});
