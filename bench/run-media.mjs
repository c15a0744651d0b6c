// `npm run bench:media -w bench`: lesson video uploads and encoding, on a fresh data folder.
//  1. A 2 GB tus upload (a sparse file on disk, streamed: never in memory on either side): the
//     server's RSS growth must stay under 150 MB; reports MB/s.
//  2. Encoding speed: a generated 720p, 70 s, 25 fps video, from "encoding" to "ready", as a
//     multiple of real time (the ladder and x264 preset are the server defaults unless set).
//  3. Kill the server (SIGKILL) while it encodes, start it again: the job must finish.
// Numbers go to stdout and to .tmp/bench-media.json.
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { signIn } from './lib/sign-in.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.tmp/bench-media');
const port = Number(process.env.BENCH_PORT ?? 3423);
const baseUrl = `http://localhost:${port}`;
const UPLOADS = '/services/core/api/uploads';
const BIG = Number(process.env.BENCH_UPLOAD_BYTES ?? 2 * 1024 ** 3);
const RSS_BUDGET_MB = 150;
const CLIP_SECONDS = 70;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let server = null;

function startServer() {
  const child = spawn('node', ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      // A killed encoder is noticed after 10 s instead of 2 min.
      MEDIA_STALE_SECONDS: process.env.MEDIA_STALE_SECONDS ?? '10',
    },
  });
  server = child;
  return child;
}
process.on('exit', () => server?.kill('SIGKILL'));

async function healthy() {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {}
    if (i > 360) throw new Error('server did not become healthy');
    await sleep(500);
  }
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

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

await fs.rm(dataDir, { recursive: true, force: true });
await fs.mkdir(dataDir, { recursive: true });
startServer();
await healthy();
let { access_token: token } = await signIn(baseUrl, 'admin', 'Admin@2026');
const results = {};
let failed = false;

// 1. The 2 GB upload.
{
  const big = path.join(dataDir, 'big-upload.bin');
  const handle = await fs.open(big, 'w');
  await handle.truncate(BIG); // sparse: nothing is written, nothing is held in memory
  await handle.close();
  await sleep(1000);
  const baseline = rssMb(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 100);
  const { seconds, video: answer } = await uploadFile(token, big, BIG, 'big.mp4');
  clearInterval(sampler);
  await fs.rm(big, { force: true });
  const growth = peak - baseline;
  const ok = growth < RSS_BUDGET_MB;
  failed ||= !ok;
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
  failed ||= ready.status !== 'READY';
  console.table([results.encoding]);
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
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  const restarted = performance.now();
  startServer();
  await healthy();
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
  failed ||= done.status !== 'READY' || master?.status !== 200;
  console.table([results.restart]);
}

await fs.writeFile(path.join(root, '.tmp/bench-media.json'), `${JSON.stringify(results, null, 2)}\n`);
server.kill('SIGTERM');
if (failed) {
  console.error('bench:media: over budget or failed');
  process.exit(1);
}
console.log('bench:media: within budget');
process.exit(0);
