import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from './lib/server';
import { signIn } from './lib/sign-in';

/**
 * `npm run backup` / `npm run restore` (issue 11) round trip on the embedded setup, with the
 * built server: data made through the API is backed up, changed and deleted, restored, and is
 * there again exactly — database rows and file bytes.
 */

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, '.tmp/resilience/backup-restore');
const dataDir = path.join(dir, 'data');
const backups = path.join(dir, 'backups');
const API = '/services/core/api';

function npmRun(script: string, args: string[], target = dataDir) {
  const run = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: target },
    encoding: 'utf8',
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** Every file under a folder, by relative path, with its SHA-256. */
function hashTree(folder: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(folder, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return out;
}

function png(name: string, color: string): Blob {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `color=c=${color}:s=160x160`],
    ...['-frames:v', '1', file],
  ]);
  return new Blob([readFileSync(file)], { type: 'image/png' });
}

async function api(server: ServerProcess, token: string, route: string, init: RequestInit = {}) {
  return fetch(`${server.url}${API}${route}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
}

async function uploadAvatar(server: ServerProcess, token: string, image: Blob): Promise<string> {
  const form = new FormData();
  form.append('avatar', image, 'avatar.png');
  const res = await api(server, token, '/users/avatar', { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { avatar: string }).avatar;
}

async function bytesAt(server: ServerProcess, token: string, url: string): Promise<Buffer> {
  const res = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill('SIGTERM');
});

describe('npm run backup / npm run restore on the embedded database', () => {
  it('brings back the data and the files exactly, and refuses while the server runs', async () => {
    rmSync(dir, { recursive: true, force: true });
    server = await startServer({ dataDir });
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(true);

    let { access_token: token } = await signIn(server.url, 'admin', 'Admin@2026');
    const created = await api(server, token, '/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        employeeCode: 'BK0001',
        fullName: 'Backup Person',
        email: 'bk0001@academy.example.com',
        password: 'Backup@2026',
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const user = (await created.json()) as { id: number; fullName: string; email: string };
    const avatarUrl = await uploadAvatar(server, token, png('red.png', 'red'));
    const avatar = await bytesAt(server, token, avatarUrl);

    const whileRunning = npmRun('backup', [backups]);
    expect(whileRunning.status).toBe(1);
    expect(whileRunning.out).toContain('is running on');

    await server.kill('SIGTERM');
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    const files = hashTree(path.join(dataDir, 'files'));
    expect(Object.keys(files).some((f) => avatarUrl.endsWith(f.split(path.sep).join('/')))).toBe(true);

    const backup = npmRun('backup', [backups]);
    expect(backup.status, backup.out).toBe(0);
    const archives = readdirSync(backups).filter((f) => f.endsWith('.tar.gz'));
    expect(archives).toHaveLength(1);
    const archive = path.join(backups, archives[0] ?? '');

    // Change everything: delete the user, replace the avatar (its file is deleted), add a stray file.
    await server.restart();
    token = (await signIn(server.url, 'admin', 'Admin@2026')).access_token;
    expect((await api(server, token, `/users/${user.id}`, { method: 'DELETE' })).status).toBe(204);
    const otherUrl = await uploadAvatar(server, token, png('blue.png', 'blue'));
    expect(otherUrl).not.toBe(avatarUrl);
    writeFileSync(path.join(dataDir, 'files', 'stray.txt'), 'not in the backup');
    // A killed server leaves its pid file behind: restore must see that the process is gone.
    await server.kill('SIGKILL');
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(true);
    expect(hashTree(path.join(dataDir, 'files'))).not.toEqual(files);

    const refused = npmRun('restore', [archive]);
    expect(refused.status).toBe(1);
    expect(refused.out).toContain('--force');
    const restored = npmRun('restore', [archive, '--force']);
    expect(restored.status, restored.out).toBe(0);
    expect(hashTree(path.join(dataDir, 'files'))).toEqual(files);
    expect(readdirSync(dataDir).filter((f) => f.startsWith('.'))).toEqual([]);

    await server.restart();
    token = (await signIn(server.url, 'admin', 'Admin@2026')).access_token;
    const back = await api(server, token, `/users/${user.id}`);
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ id: user.id, fullName: user.fullName, email: user.email });
    const profile = (await (await api(server, token, '/users/profile')).json()) as { avatar: string };
    expect(profile.avatar).toBe(avatarUrl);
    expect((await bytesAt(server, token, avatarUrl)).equals(avatar)).toBe(true);
    await server.kill('SIGTERM');

    // The same archive into an empty folder needs no --force.
    const fresh = path.join(dir, 'fresh');
    const elsewhere = npmRun('restore', [archive], fresh);
    expect(elsewhere.status, elsewhere.out).toBe(0);
    expect(hashTree(path.join(fresh, 'files'))).toEqual(files);
  });
});
