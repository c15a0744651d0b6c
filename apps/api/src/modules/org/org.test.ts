import path from 'node:path';
import { forbiddenMessage, MESSAGES, type TBranch, type TDepartment, type TService } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { formData, listFiles, pdfDocument, pngImage, tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';

let t: TestApp;
let admin: ApiClient;
let staff: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let filesDir: string;

beforeAll(async () => {
  const dataDir = await tempDataDir();
  filesDir = path.join(dataDir, 'files');
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  anonymous = apiClient(t.app, undefined);
});
afterAll(() => t.close());

async function newService(name: string, withImage = false): Promise<TService> {
  const files: Record<string, [Buffer, string, string]> = {};
  if (withImage) files.image = [await pngImage(), 'brand.png', 'image/png'];
  const res = await admin.post(
    'trademarks',
    formData({ name, websiteUrl: 'https://brand.example.com' }, files),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('services (trademarks)', () => {
  it('lets an admin add a service with an image that is then served, listed last by id', async () => {
    const res = await admin.post(
      'trademarks',
      formData(
        { name: '  Skyline Cloud ', websiteUrl: 'https://cloud.example.com', showOnHome: 'true' },
        { image: [await pngImage(120, 60), 'cloud logo.png', 'image/png'] },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as TService;
    expect(created).toMatchObject({
      name: 'Skyline Cloud',
      websiteUrl: 'https://cloud.example.com',
      showOnHome: true,
      image: expect.stringMatching(/^\/files\/services\/\d{4}\/[0-9a-f-]{36}\.png$/),
    });
    const image = await t.app.inject({ method: 'GET', url: created.image ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const list = await anonymous.get('trademarks');
    const names = (list.json() as TService[]).map((s) => s.name);
    expect(names.at(-1)).toBe('Skyline Cloud');
    expect(list.headers['x-total-count']).toBe(String(names.length));
  });

  it('refuses a blank name and a website link that is not http(s), storing nothing', async () => {
    const before = await listFiles(filesDir);
    const blank = await admin.post(
      'trademarks',
      formData({ name: '   ' }, { image: [await pngImage(), 'a.png'] }),
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: MESSAGES.required, fieldErrors: [{ field: 'name' }] });
    const ftp = await admin.post(
      'trademarks',
      formData({ name: 'X', websiteUrl: 'ftp://files.example.com' }),
    );
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json()).toMatchObject({
      message: MESSAGES.websiteUrlInvalid,
      fieldErrors: [{ field: 'websiteUrl', message: MESSAGES.websiteUrlInvalid }],
    });
    expect(await listFiles(filesDir)).toEqual(before);
  });

  it('refuses a PDF renamed .png as the image, adding neither a service nor a file', async () => {
    const before = await listFiles(filesDir);
    const count = (await anonymous.get('trademarks')).json().length;
    const res = await admin.post(
      'trademarks',
      formData({ name: 'Fake image' }, { image: [pdfDocument(), 'logo.png', 'image/png'] }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ message: MESSAGES.imageType, fieldErrors: [{ field: 'image' }] });
    expect((await anonymous.get('trademarks')).json()).toHaveLength(count);
    expect(await listFiles(filesDir)).toEqual(before);
  });

  it('shows one service with its branches, and 404 for an unknown one', async () => {
    const res = await student.get('trademarks/1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: 1,
      name: 'Skyline Mobile',
      branches: [
        { name: 'Skyline Mobile Hanoi', serviceId: 1, serviceName: 'Skyline Mobile' },
        { name: 'Skyline Mobile Da Nang', serviceId: 1 },
      ],
    });
    const missing = await admin.get('trademarks/9999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.serviceNotFound);
  });

  it('edits a service: a new image replaces the old file, removeImage clears it', async () => {
    const service = await newService('Skyline Radio', true);
    const oldKey = (service.image ?? '').replace('/files/', '');
    const replaced = await admin.put(
      `trademarks/${service.id}`,
      formData(
        { name: 'Skyline Radio+', showOnHome: 'false' },
        { image: [await pngImage(30, 30), 'new.png'] },
      ),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const updated = replaced.json() as TService;
    expect(updated).toMatchObject({ name: 'Skyline Radio+', websiteUrl: null, showOnHome: false });
    expect(updated.image).not.toBe(service.image);
    expect(await listFiles(filesDir)).not.toContain(oldKey);
    const cleared = await admin.put(`trademarks/${service.id}`, {
      name: 'Skyline Radio+',
      removeImage: true,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().image).toBeNull();
    expect(await listFiles(filesDir)).not.toContain((updated.image ?? '').replace('/files/', ''));
  });

  it('refuses to delete a service in use, and deletes an unused one with its image', async () => {
    const inUse = await admin.delete('trademarks/1');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ status: 409, message: MESSAGES.serviceInUse });
    expect((await student.get('trademarks/1')).statusCode).toBe(200);

    const service = await newService('Short-lived', true);
    const key = (service.image ?? '').replace('/files/', '');
    expect(await listFiles(filesDir)).toContain(key);
    const res = await admin.delete(`trademarks/${service.id}`);
    expect(res.statusCode).toBe(204);
    expect((await admin.get(`trademarks/${service.id}`)).statusCode).toBe(404);
    expect(await listFiles(filesDir)).not.toContain(key);
  });

  it('needs a sign-in, and BRANCH_MANAGEMENT to change services', async () => {
    expect((await anonymous.post('trademarks', { name: 'x' })).statusCode).toBe(401);
    expect((await anonymous.get('trademarks/1')).statusCode).toBe(401);
    for (const client of [staff, student]) {
      const add = await client.post('trademarks', formData({ name: 'Nope' }));
      expect(add.statusCode).toBe(403);
      expect(add.json().message).toBe(forbiddenMessage('add services'));
      expect((await client.put('trademarks/1', { name: 'Nope' })).json().message).toBe(
        forbiddenMessage('edit services'),
      );
      expect((await client.delete('trademarks/1')).json().message).toBe(forbiddenMessage('delete services'));
    }
  });
});

describe('branches', () => {
  it('adds a branch with a logo to a service and lists it with the service', async () => {
    const res = await admin.post(
      'trademarks/2/branches',
      formData({ name: ' Skyline Fibre Vung Tau ' }, { logo: [await pngImage(), 'logo.png'] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const branch = res.json() as TBranch;
    expect(branch).toMatchObject({
      name: 'Skyline Fibre Vung Tau',
      serviceId: 2,
      serviceName: 'Skyline Fibre',
      logo: expect.stringMatching(/^\/files\/branches\//),
    });
    const list = await student.get('trademarks/2/branches');
    expect((list.json() as TBranch[]).map((b) => b.name)).toContain('Skyline Fibre Vung Tau');
    const filtered = await student.get('branches?serviceId=2');
    expect(filtered.json()).toEqual(list.json());
    const all = await student.get('branches');
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(Number(list.headers['x-total-count']));
  });

  it('refuses a branch for an unknown service and a branch without a name', async () => {
    const unknown = await admin.post('trademarks/9999/branches', { name: 'Ghost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.serviceNotFound);
    const blank = await admin.post('trademarks/1/branches', formData({ name: '' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual([{ field: 'name', message: MESSAGES.required }]);
  });

  it('edits a branch and refuses deleting one in use', async () => {
    const edited = await admin.put('branches/3', { name: 'Skyline Fibre Saigon' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: 3, name: 'Skyline Fibre Saigon', serviceId: 2 });
    const inUse = await admin.delete('branches/1');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(MESSAGES.branchInUse);
    const missing = await admin.put('branches/9999', { name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.branchNotFound);
  });

  it('deletes an unused branch', async () => {
    const created = (await admin.post('trademarks/3/branches', { name: 'Temporary' })).json() as TBranch;
    expect((await admin.delete(`branches/${created.id}`)).statusCode).toBe(204);
    const names = ((await admin.get('trademarks/3/branches')).json() as TBranch[]).map((b) => b.name);
    expect(names).not.toContain('Temporary');
  });

  it('needs BRANCH_MANAGEMENT to change branches', async () => {
    for (const client of [staff, student]) {
      expect((await client.post('trademarks/1/branches', { name: 'x' })).json().message).toBe(
        forbiddenMessage('add branches'),
      );
      expect((await client.put('branches/1', { name: 'x' })).json().message).toBe(
        forbiddenMessage('edit branches'),
      );
      const del = await client.delete('branches/1');
      expect(del.statusCode).toBe(403);
      expect(del.json().message).toBe(forbiddenMessage('delete branches'));
    }
  });
});

describe('departments', () => {
  it('lists departments a page at a time with the total, filtered and searched', async () => {
    const page = await student.get('departments?page=0&size=5&sort=id,asc');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('18');
    const rows = page.json() as TDepartment[];
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({
      id: 1,
      name: 'Sales',
      branchId: 1,
      branchName: 'Skyline Mobile Hanoi',
      serviceId: 1,
      serviceName: 'Skyline Mobile',
    });
    expect(rows[0]?.userCount).toBeGreaterThanOrEqual(4);
    const byBranch = (await student.get('departments?branchId=2')).json() as TDepartment[];
    expect(byBranch.map((d) => d.name)).toEqual(['Sales', 'Customer care', 'Network operations']);
    const byService = await student.get('departments?serviceId=3');
    expect(byService.headers['x-total-count']).toBe('6');
    const search = (await student.get('departments?q=CARE&serviceId=1')).json() as TDepartment[];
    expect(search.map((d) => [d.name, d.branchId])).toEqual([
      ['Customer care', 1],
      ['Customer care', 2],
    ]);
  });

  it('lists with the same number of queries whatever the page size', async () => {
    t.database.queries.reset();
    await admin.get('departments?size=2');
    const small = t.database.queries.count;
    t.database.queries.reset();
    await admin.get('departments?size=18');
    expect(t.database.queries.count).toBe(small);
  });

  it('adds, edits and deletes a department', async () => {
    const created = await admin.post('departments', { name: '  Marketing ', branchId: 2 });
    expect(created.statusCode, created.body).toBe(201);
    const department = created.json() as TDepartment;
    expect(department).toMatchObject({
      name: 'Marketing',
      branchId: 2,
      serviceName: 'Skyline Mobile',
      userCount: 0,
    });
    const moved = await admin.put(`departments/${department.id}`, { name: 'Brand marketing', branchId: 4 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ name: 'Brand marketing', branchId: 4, serviceId: 2 });
    expect((await admin.delete(`departments/${department.id}`)).statusCode).toBe(204);
    const gone = await admin.get(`departments/${department.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(MESSAGES.departmentNotFound);
  });

  it('refuses a department without a name or with an unknown branch', async () => {
    const blank = await admin.post('departments', { name: ' ', branchId: 1 });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: MESSAGES.required, fieldErrors: [{ field: 'name' }] });
    const noBranch = await admin.post('departments', { name: 'Finance' });
    expect(noBranch.statusCode).toBe(400);
    expect(noBranch.json().fieldErrors).toEqual([{ field: 'branchId', message: MESSAGES.required }]);
    const unknown = await admin.post('departments', { name: 'Finance', branchId: 999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: MESSAGES.branchNotFound,
      fieldErrors: [{ field: 'branchId', message: MESSAGES.branchNotFound }],
    });
  });

  it('refuses deleting or moving a department in use: "This department is currently in use"', async () => {
    const del = await admin.delete('departments/1');
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ status: 409, message: MESSAGES.departmentInUse });
    const move = await admin.put('departments/1', { name: 'Sales', branchId: 2 });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe(MESSAGES.departmentInUse);
    const rename = await admin.put('departments/1', { name: 'Retail sales', branchId: 1 });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().name).toBe('Retail sales');
  });

  it('needs a sign-in to read, and DEPARTMENT_MANAGEMENT to change departments', async () => {
    expect((await anonymous.get('departments')).statusCode).toBe(401);
    for (const client of [staff, student]) {
      const add = await client.post('departments', { name: 'x', branchId: 1 });
      expect(add.statusCode).toBe(403);
      expect(add.json().message).toBe(forbiddenMessage('add departments'));
      expect((await client.put('departments/2', { name: 'x', branchId: 1 })).json().message).toBe(
        forbiddenMessage('edit departments'),
      );
      expect((await client.delete('departments/2')).json().message).toBe(
        forbiddenMessage('delete departments'),
      );
    }
  });
});
