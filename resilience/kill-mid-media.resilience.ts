import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAs, apiAs, expectOk } from './lib/api';
import { query } from './lib/db';
import { type PrivatePostgres, startPrivatePostgres } from './lib/postgres';
import { type ServerProcess, startServer } from './lib/server';
import { signIn } from './lib/sign-in';
import { slowStream, tusClient, uploadIdOf } from './lib/tus';

/**
 * The server is SIGKILLed in the middle of a lesson video's tus upload, then in the middle of its
 * encoding. After each restart: HEAD gives the offset kept, the upload resumes from it and the
 * stored original is byte-identical; the encoding job is taken up again and the video becomes
 * READY once (one job, completed; no encoder left running from the killed process).
 */

const tmp = path.resolve(import.meta.dirname, '../.tmp/resilience');
const dataDir = path.join(tmp, 'kill-mid-media');
const clipFile = path.join(tmp, 'kill-mid-media-clip.mp4');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type Video = { id: string; status: string; progress: number; attempts: number; playlistUrl: string | null };

let pg: PrivatePostgres;
let server: ServerProcess;
let staff: ApiAs;
let token: string;

/** Processes whose command line mentions `text` (the encoder of one video names it in its paths). */
function processesMentioning(text: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** Alive and not a zombie (an ended child whose new parent, PID 1 in a container, may not reap it). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

beforeAll(async () => {
  mkdirSync(tmp, { recursive: true });
  // 61 s of 720p (the shortest video a lesson accepts), 10 fps without sound: a few MB.
  const made = spawnSync(
    'ffmpeg',
    [
      ...[
        '-hide_banner',
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=1280x720:rate=10:duration=61',
      ],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clipFile],
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`ffmpeg could not make the clip: ${made.stderr}`);
  pg = await startPrivatePostgres('kill-mid-media');
  server = await startServer({
    dataDir,
    databaseUrl: pg.url,
    // Two renditions at the default preset: an encoding long enough to be killed in the middle.
    // A killed encoder is noticed after 5 s instead of 2 min.
    env: { MEDIA_LADDER: '720,360', MEDIA_STALE_SECONDS: '5' },
  });
  token = (await signIn(server.url, 'admin', 'Admin@2026')).access_token;
  staff = apiAs(server.url, token);
});

afterAll(async () => {
  await server?.kill();
  pg?.destroy();
});

async function waitForVideo(id: string, done: (v: Video) => boolean, timeoutMs = 240_000): Promise<Video> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await staff.get<Video>(`videos/${id}`);
    if (answer.status === 200 && done(answer.body)) return answer.body;
    if (Date.now() > until) throw new Error(`video ${id} stayed ${answer.text}`);
    await sleep(200);
  }
}

describe('SIGKILL during a lesson video upload and its encoding', () => {
  it('resumes the upload byte-identical, then finishes the encoding once', async () => {
    const bytes = readFileSync(clipFile);
    const size = bytes.length;
    const tus = tusClient(server.url, token);
    const created = await tus.create(size, 'Killed twice.mp4');
    expect(created.status).toBe(201);
    const url = created.headers.location as string;
    const id = uploadIdOf(url);

    // 1. Upload over a slow link; the server dies when 40 % has been sent.
    let killing: Promise<void> | undefined;
    const cut = tus
      .patch(
        url,
        0,
        slowStream(bytes, 128 * 1024, 20, (sent) => {
          if (!killing && sent >= size * 0.4) killing = server.kill('SIGKILL');
        }),
        size,
      )
      .then(
        (answer) => answer.status,
        () => 0,
      );
    expect(await cut).toBe(0);
    await killing;
    await server.restart();

    const { status, offset } = await tus.offset(url);
    expect(status).toBe(200);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(size);
    console.log(
      `upload: killed after ${Math.round((offset / size) * 100)} % was kept (${offset} of ${size} bytes)`,
    );
    const rest = await tus.patch(url, offset, bytes.subarray(offset), size - offset);
    expect([200, 204], rest.body).toContain(rest.status);
    expect(JSON.parse(rest.body)).toMatchObject({ id, status: 'QUEUED' });

    // 2. The encoding is killed once it is well under way.
    const encoding = await waitForVideo(
      id,
      (v) => (v.status === 'ENCODING' && v.progress >= 10) || v.status === 'READY',
    );
    expect(encoding.status, 'the encoding finished before it could be killed').toBe('ENCODING');
    const encoders = processesMentioning(id);
    expect(encoders.length, 'no encoder process found').toBeGreaterThan(0);
    await server.kill('SIGKILL');
    const killedAt = Date.now();
    // Nothing of the killed process goes on encoding by itself: its ffmpeg ends with it.
    while (encoders.some(isRunning) && Date.now() - killedAt < 30_000) await sleep(50);
    const outlived = Date.now() - killedAt;
    console.log(`encoder ended ${outlived} ms after the server was killed`);
    expect(outlived, 'the encoder of the killed server kept running').toBeLessThan(2000);
    // Started again once the dead encoding's heartbeat is stale (MEDIA_STALE_SECONDS), so the
    // check at start takes it up at once (a quicker restart waits for the next check, a minute).
    await sleep(Math.max(0, 5500 - (Date.now() - killedAt)));
    await server.restart();

    const ready = await waitForVideo(id, (v) => v.status === 'READY' || v.status === 'FAILED');
    console.log(
      `encoding: killed at ${encoding.progress} %, ${ready.status} ${Math.round((Date.now() - killedAt) / 1000)} s after the kill`,
    );
    expect(ready.status).toBe('READY');
    const playlist = await fetch(`${server.url}${ready.playlistUrl}`);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toMatch(/#EXTM3U/);

    // Once: one encoding job for the video, completed; nothing left in staging or the work folder.
    const jobs = await query<{ state: string }>(
      pg.url,
      "select state from pgboss.job where name = 'media-encode' and data->>'videoId' = $1",
      [id],
    );
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
    const [row] = await query<{ year: number }>(pg.url, 'select year from media_videos where id = $1', [id]);
    const source = path.join(dataDir, 'files', 'videos', String(row?.year), `${id}.mp4`);
    expect(sha256(readFileSync(source))).toBe(sha256(bytes));
    expect(existsSync(path.join(dataDir, 'uploads', id))).toBe(false);
    expect(existsSync(path.join(dataDir, 'work', id))).toBe(false);
    expectOk(await staff.get(`videos/${id}`));
  });
});
