// `npm run bench:media -w bench`: lesson video uploads and encoding, on a fresh PostgreSQL database
// (BENCH_DATABASE_URL's server) and data folder, against the built server:
//  1. A tus upload of BENCH_UPLOAD_BYTES (2 GB alone, 512 MB in `npm run bench`; a sparse file on
//     disk, streamed: never in memory on either side): the server's RSS growth must stay under
//     150 MB; reports MB/s.
//  2. Encoding speed: a generated 720p, 70 s, 25 fps video, from "encoding" to "ready", as a
//     multiple of real time (the ladder and x264 preset are the server defaults unless set).
//  3. Kill the server (SIGKILL) while it encodes, start it again: the job must finish.
// Numbers go to stdout and to .tmp/bench-media.json; runMedia() gives `npm run bench` its rows.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { isMain } from './lib/large-server.mjs';
import { createDatabase, dropDatabase } from './lib/postgres.mjs';
import { sampleRss, startBuiltServer } from './lib/server.mjs';
import { signIn } from './lib/sign-in.mjs';
import { mb, printTable, row } from './lib/table.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.tmp/bench-media');
const port = Number(process.env.BENCH_MEDIA_PORT ?? 3423);
const UPLOADS = '/services/core/api/uploads';
const RSS_BUDGET_MB = 150;
const CLIP_SECONDS = 70;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let server = null;
let baseUrl = '';

function tus(method, url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(url, baseUrl),
      { method, headers: { 'tus-resumable': '1.0.0', ...headers } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    if (body) body.pipe(req);
    else req.end();
  });
}

async function uploadFile(token, file, size, name) {
  const auth = { authorization: `Bearer ${token}` };
  const meta = `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;
  const created = await tus('POST', UPLOADS, {
    ...auth,
    'upload-length': String(size),
    'upload-metadata': meta,
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${created.body}`);
  const url = created.headers.location;
  const started = performance.now();
  const done = await tus(
    'PATCH',
    url,
    {
      ...auth,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(size),
    },
    createReadStream(file, { highWaterMark: 1024 * 1024 }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (done.status !== 200 && done.status !== 204)
    throw new Error(`upload answered ${done.status}: ${done.body}`);
  return { seconds, video: done.body ? JSON.parse(done.body) : null };
}

async function video(token, id) {
  const res = await fetch(`${baseUrl}/services/core/api/videos/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`videos/${id} answered ${res.status}`);
  return res.json();
}

async function waitFor(token, id, done, timeoutMs = 900_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await video(token, id);
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`video ${id} stayed ${v.status} (${v.progress}%)`);
    await sleep(200);
  }
}

/** `uploadBytes`: the size of the upload (default BENCH_UPLOAD_BYTES, else 2 GB). Table rows. */
export async function runMedia({
  uploadBytes = Number(process.env.BENCH_UPLOAD_BYTES ?? 2 * 1024 ** 3),
} = {}) {
  const BIG = uploadBytes;
  const dbName = `academy_bench_media_${process.pid}`;
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true });
  const databaseUrl = await createDatabase(dbName);
  try {
    server = await startBuiltServer({
      port,
      dataDir,
      databaseUrl,
      // A killed encoder is noticed after 10 s instead of 2 min.
      env: {
        DEMO_DATA: 'true',
        DEMO_VIDEO: 'false',
        MEDIA_STALE_SECONDS: process.env.MEDIA_STALE_SECONDS ?? '10',
      },
    });
    baseUrl = server.url;
    let { access_token: token } = await signIn(baseUrl, 'admin', 'Admin@2026');
    const results = {};
    const rows = [];

    // 1. The big upload.
    {
      const big = path.join(dataDir, 'big-upload.bin');
      const handle = await fs.open(big, 'w');
      await handle.truncate(BIG); // sparse: nothing is written, nothing is held in memory
      await handle.close();
      await sleep(1000);
      const memory = sampleRss(server.pid);
      const { seconds, video: answer } = await uploadFile(token, big, BIG, 'big.mp4');
      const { start: baseline, peak } = memory.stop();
      await fs.rm(big, { force: true });
      const growth = peak - baseline;
      const ok = growth < RSS_BUDGET_MB;
      results.upload = {
        bytes: BIG,
        seconds: Number(seconds.toFixed(1)),
        'MB/s': Number((BIG / 1024 ** 2 / seconds).toFixed(1)),
        'rss baseline MB': Math.round(baseline),
        'rss peak MB': Math.round(peak),
        'rss growth MB': Math.round(growth),
        'budget MB': RSS_BUDGET_MB,
        // zeros are no video: refused and removed after the upload
        'server answer': answer?.status,
        ok,
      };
      console.table([results.upload]);
      const size =
        BIG >= 1024 ** 3 ? `${(BIG / 1024 ** 3).toFixed(1)} GB` : `${Math.round(BIG / 1024 ** 2)} MB`;
      rows.push(
        row({
          group: 'media',
          scenario: `tus upload of ${size} (a lesson video)`,
          throughput: `${results.upload['MB/s']} MB/s`,
          memory: `${mb(peak)} (+${mb(growth)})`,
          budget: `server RSS growth < ${RSS_BUDGET_MB} MB`,
          ok,
        }),
      );
    }

    // 2. Encoding speed.
    const clip = path.join(dataDir, 'clip-720p-70s.mp4');
    const made = spawnSync(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=1280x720:rate=25',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:sample_rate=44100',
        '-t',
        String(CLIP_SECONDS),
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-b:v',
        '2500k',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        clip,
      ],
      { stdio: 'inherit' },
    );
    if (made.status !== 0 || !existsSync(clip)) throw new Error('ffmpeg could not generate the clip');
    const clipSize = (await fs.stat(clip)).size;
    {
      const { video: accepted } = await uploadFile(token, clip, clipSize, 'clip.mp4');
      let encodingSince = 0;
      const ready = await waitFor(token, accepted.id, (v) => {
        if (v.status === 'ENCODING' && !encodingSince) encodingSince = performance.now();
        return v.status === 'READY' || v.status === 'FAILED';
      });
      const seconds = (performance.now() - encodingSince) / 1000;
      results.encoding = {
        status: ready.status,
        source: '1280x720 25 fps, 70 s',
        renditions: ready.renditions.join(','),
        preset: process.env.MEDIA_X264_PRESET ?? 'veryfast (default)',
        seconds: Number(seconds.toFixed(1)),
        'x real time': Number((CLIP_SECONDS / seconds).toFixed(2)),
        // other work on the machine slows encoding down: the speed means little without it
        'cpus / load avg': `${os.cpus().length} / ${os.loadavg()[0].toFixed(1)}`,
      };
      console.table([results.encoding]);
      rows.push(
        row({
          group: 'media',
          scenario: `encoding a 720p ${CLIP_SECONDS} s video (${results.encoding.renditions}, ${results.encoding.preset})`,
          throughput: `${results.encoding['x real time']}× real time (${results.encoding.seconds} s)`,
          budget: 'ready (speed reported, no budget: it is the encoder’s and the machine’s)',
          ok: ready.status === 'READY',
        }),
      );
    }

    // 3. Killed while encoding, started again.
    {
      const { video: accepted } = await uploadFile(token, clip, clipSize, 'killed.mp4');
      const encoding = await waitFor(
        token,
        accepted.id,
        (v) => (v.status === 'ENCODING' && v.progress >= 10) || v.status === 'READY',
      );
      const killedAt = encoding.progress;
      await server.kill();
      const restarted = performance.now();
      await server.restart();
      ({ access_token: token } = await signIn(baseUrl, 'admin', 'Admin@2026'));
      const done = await waitFor(token, accepted.id, (v) => v.status === 'READY' || v.status === 'FAILED');
      const master = done.playlistUrl ? await fetch(`${baseUrl}${done.playlistUrl}`) : null;
      results.restart = {
        'killed at %': killedAt,
        status: done.status,
        'ready after restart s': Number(((performance.now() - restarted) / 1000).toFixed(1)),
        'master playlist': master?.status ?? null,
        attempts: done.attempts,
      };
      console.table([results.restart]);
      rows.push(
        row({
          group: 'media',
          scenario: `server killed at ${killedAt}% of an encoding, started again`,
          throughput: `ready ${results.restart['ready after restart s']} s after the restart`,
          budget: 'the job finishes, its playlist is served',
          ok: done.status === 'READY' && master?.status === 200,
        }),
      );
    }

    await fs.writeFile(path.join(root, '.tmp/bench-media.json'), `${JSON.stringify(results, null, 2)}\n`);
    return rows;
  } finally {
    await server?.stop();
    if (process.env.BENCH_KEEP !== '1') {
      await dropDatabase(dbName).catch(() => {});
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }
}

if (isMain(import.meta)) {
  try {
    process.exit(printTable(await runMedia()) ? 0 : 1);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
