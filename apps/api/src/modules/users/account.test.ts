import path from 'node:path';
import { MESSAGES, type TProfile } from '@academy/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import {
  formData,
  jpegImage,
  listFiles,
  noisyPng,
  pdfDocument,
  pngImage,
  tempDataDir,
} from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';

let t: TestApp;
let student: ApiClient;
let filesDir: string;

beforeAll(async () => {
  const dataDir = await tempDataDir();
  filesDir = path.join(dataDir, 'files');
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
});
afterAll(() => t.close());

describe('my personal information', () => {
  it('shows my profile with where I sit in the organisation', async () => {
    const res = await student.get('users/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      employeeCode: 'student',
      fullName: 'Minh Nguyen',
      email: 'student@academy.example.com',
      dateOfBirth: '1998-04-12',
      gender: 'MALE',
      serviceName: 'Skyline Mobile',
      branchName: 'Skyline Mobile Hanoi',
      departmentName: 'Sales',
      avatar: null,
    });
  });

  it('updates my personal fields, trimmed, and nothing else', async () => {
    const res = await student.put('users/info', {
      fullName: '  Minh Quang Nguyen ',
      phone: ' 0912 345 678 ',
      dateOfBirth: '1998-04-12',
      gender: 'MALE',
      workplace: ' Hanoi store 3 ',
      position: 'Senior sales consultant',
      // Fields a user may not change about themselves are ignored.
      role: 'ROLE_ADMIN',
      access: 'ALLOWED',
      authorizationId: 1,
      email: 'someone.else@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      fullName: 'Minh Quang Nguyen',
      phone: '0912 345 678',
      workplace: 'Hanoi store 3',
      position: 'Senior sales consultant',
      email: 'student@academy.example.com',
      authorizationName: null,
    });
    const info = (await student.get('users/info')).json();
    expect(info).toMatchObject({
      fullName: 'Minh Quang Nguyen',
      role: { codeName: 'ROLE_STUDENT' },
      permissions: [],
    });
  });

  it('checks my full name, age and phone with the SPEC messages', async () => {
    const blank = await student.put('users/info', { fullName: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual([{ field: 'fullName', message: MESSAGES.required }]);
    const young = await student.put('users/info', { fullName: 'Minh', dateOfBirth: '2020-01-01' });
    expect(young.json()).toMatchObject({
      message: MESSAGES.tooYoung,
      fieldErrors: [{ field: 'dateOfBirth' }],
    });
    const phone = await student.put('users/info', { fullName: 'Minh', phone: 'none' });
    expect(phone.json().message).toBe(MESSAGES.phoneInvalid);
    expect((await student.get('users/profile')).json().fullName).toBe('Minh Quang Nguyen');
  });

  it('needs a sign-in', async () => {
    const anonymous = apiClient(t.app, undefined);
    expect((await anonymous.put('users/info', { fullName: 'x' })).statusCode).toBe(401);
    expect((await anonymous.get('users/profile')).statusCode).toBe(401);
    expect((await anonymous.post('users/avatar', formData({}))).statusCode).toBe(401);
  });
});

describe('my avatar', () => {
  it('stores a small image, re-encoded without EXIF, and users/info then returns its URL', async () => {
    const res = await student.post(
      'users/avatar',
      formData({}, { avatar: [await jpegImage(900, 600), 'me.jpg'] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json() as TProfile;
    expect(profile.avatar).toMatch(/^\/files\/avatars\/\d{4}\/[0-9a-f-]{36}\.jpg$/);
    expect((await student.get('users/info')).json().avatar).toBe(profile.avatar);
    const served = await t.app.inject({ method: 'GET', url: profile.avatar ?? '' });
    const meta = await sharp(served.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);
    expect(meta.exif).toBeUndefined();

    const second = await student.post('users/avatar', formData({}, { avatar: [await pngImage(), 'me.png'] }));
    expect(second.statusCode).toBe(200);
    const files = await listFiles(filesDir);
    expect(files.filter((f) => f.startsWith('avatars/') && !f.endsWith('.meta.json'))).toEqual([
      (second.json().avatar as string).replace('/files/', ''),
    ]);
  });

  it('refuses files of 1024 KB or more with the SPEC message, and anything that is not an image', async () => {
    const before = await listFiles(filesDir);
    const big = await noisyPng(1100 * 1024);
    const tooBig = await student.post('users/avatar', formData({}, { avatar: [big, 'big.png'] }));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({
      message: MESSAGES.avatarTooLarge,
      fieldErrors: [{ field: 'avatar', message: MESSAGES.avatarTooLarge }],
    });
    const pdf = await student.post('users/avatar', formData({}, { avatar: [pdfDocument(), 'me.png'] }));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe(MESSAGES.imageType);
    const none = await student.post('users/avatar', formData({ note: 'no file' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual([{ field: 'avatar', message: MESSAGES.fileRequired }]);
    expect(await listFiles(filesDir)).toEqual(before);
  });
});
