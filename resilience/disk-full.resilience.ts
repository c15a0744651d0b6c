import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { query } from './lib/db';
import { startPrivatePostgres } from './lib/postgres';
import { startServer } from './lib/server';
import { signIn } from './lib/sign-in';
import { tusClient, uploadIdOf } from './lib/tus';

/**
 * DATA_DIR on a 16 MB tmpfs (the database is PostgreSQL, elsewhere): a video upload and a lesson
 * document bigger than the free space are refused with 507 and the SPEC-style message, leave no
 * half-written file in staging or in the file store, and the server keeps serving (a small
 * document is stored right after).
 */

const tmp = path.resolve(import.meta.dirname, '../.tmp/resilience');
const API = '/services/core/api';
const mountPoint = path.join(tmp, 'disk-full-mount');
const FULL_MESSAGE = 'There is not enough storage space to save this file. Please contact your administrator';

/** Mounts the 16 MB tmpfs; null when it worked, else why not. */
function mountTmpfs(): string | null {
  mkdirSync(mountPoint, { recursive: true });
  spawnSync('umount', [mountPoint]);
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mountPoint], {
    encoding: 'utf8',
  });
  return mounted.status === 0 ? null : (mounted.stderr || 'mount failed').trim();
}
// Whether mounting is allowed here at all (decides the skip when the file is collected).
const mountProblem = mountTmpfs();
spawnSync('umount', [mountPoint]);

/**
 * The files an upload could leave half-written: tus staging, the store's temporary folder, lesson
 * documents and videos (demo certificates rendered in the background meanwhile are not ours).
 */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => /^(uploads|work|files\/(\.tmp|lesson-documents|videos))\//.test(file))
    .sort();
}

const freeBytes = () => {
  const stats = statfsSync(mountPoint);
  return stats.bavail * stats.bsize;
};

function pdf(size: number): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);
}

describe('disk full while uploading', () => {
  const cleanups: Array<() => unknown> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    spawnSync('umount', [mountPoint]);
  });

  it.skipIf(mountProblem !== null)(
    `refuses with 507 and leaves no half files${mountProblem ? ` (skipped: cannot mount a tmpfs: ${mountProblem})` : ''}`,
    async () => {
      expect(mountTmpfs()).toBeNull();
      const pg = await startPrivatePostgres('disk-full');
      cleanups.push(() => pg.destroy());
      const dataDir = path.join(mountPoint, 'data');
      const server = await startServer({ dataDir, databaseUrl: pg.url });
      cleanups.push(() => server.kill());
      const { access_token: token } = await signIn(server.url, 'admin', 'Admin@2026');
      const auth = { authorization: `Bearer ${token}` };
      const filesBefore = filesUnder(dataDir);
      const free = freeBytes();
      expect(free).toBeGreaterThan(8 * 1024 * 1024);

      // 1. A tus video upload bigger than the free space.
      const tus = tusClient(server.url, token);
      const size = free + 4 * 1024 * 1024;
      const created = await tus.create(size, 'Too big for the disk.mp4');
      expect(created.status).toBe(201);
      const url = created.headers.location as string;
      let started = performance.now();
      const answer = await tus.patch(url, 0, randomBytes(size), size).catch((err: Error) => ({
        status: 0,
        headers: {},
        body: String(err),
      }));
      console.log(`video upload refused after ${Math.round(performance.now() - started)} ms`);
      expect(answer.status, answer.body).toBe(507);
      expect(JSON.parse(answer.body)).toEqual({
        status: 507,
        error: 'Insufficient Storage',
        message: FULL_MESSAGE,
      });
      const video = await fetch(`${server.url}${API}/videos/${uploadIdOf(url)}`, { headers: auth });
      expect(await video.json()).toMatchObject({ status: 'REJECTED', message: FULL_MESSAGE });
      expect(filesUnder(dataDir)).toEqual(filesBefore);
      expect((await tus.offset(url)).status).toBe(404);

      // 2. A lesson document (multipart) bigger than the free space, within its 20 MB limit.
      const [lesson] = await query<{ id: number }>(pg.url, 'select id from lessons order by id limit 1');
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pdf(freeBytes() + 2 * 1024 * 1024))]), 'handbook.pdf');
      started = performance.now();
      const document = await fetch(`${server.url}${API}/lessons/${lesson?.id}/documents`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      const documentBody = await document.text();
      console.log(`document refused after ${Math.round(performance.now() - started)} ms`);
      expect(document.status, documentBody).toBe(507);
      expect(JSON.parse(documentBody)).toEqual({
        status: 507,
        error: 'Insufficient Storage',
        message: FULL_MESSAGE,
      });
      expect(filesUnder(dataDir)).toEqual(filesBefore);
      const rows = await query(
        pg.url,
        "select id from lesson_documents where original_name = 'handbook.pdf'",
      );
      expect(rows).toHaveLength(0);

      // 3. The server keeps working: healthy, and a document that fits is stored.
      const health = await (await fetch(`${server.url}/health`)).json();
      expect(health).toMatchObject({ status: 'ok', database: 'up', storage: 'up' });
      const small = new FormData();
      small.append('file', new Blob([new Uint8Array(pdf(64 * 1024))]), 'small.pdf');
      const stored = await fetch(`${server.url}${API}/lessons/${lesson?.id}/documents`, {
        method: 'POST',
        headers: auth,
        body: small,
      });
      expect(stored.status, await stored.clone().text()).toBe(201);
      expect(server.output()).not.toMatch(/"msg":"unhandled error"/);
    },
  );
});
