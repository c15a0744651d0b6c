import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Where ffmpeg and ffprobe were found. */
export type MediaTools = { ffmpeg: string; ffprobe: string; source: 'env' | 'path' | 'npm' };

async function isExecutable(file: string): Promise<boolean> {
  try {
    await fs.access(file, constants.X_OK);
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

async function onPath(name: string, pathEnv: string | undefined): Promise<string | undefined> {
  for (const dir of (pathEnv ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** The binaries shipped by @ffmpeg-installer/@ffprobe-installer (resolved at run time, not bundled). */
function fromNpm(): { ffmpeg: string; ffprobe: string } | undefined {
  try {
    const require = createRequire(import.meta.url);
    const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    const ffprobe = (require('@ffprobe-installer/ffprobe') as { path: string }).path;
    return { ffmpeg, ffprobe };
  } catch {
    return undefined;
  }
}

/**
 * ffmpeg/ffprobe: FFMPEG_PATH / FFPROBE_PATH when set (ffprobe is also looked for beside
 * FFMPEG_PATH), else the ones on PATH, else the copies shipped by npm packages.
 */
export async function findMediaTools(
  env: { FFMPEG_PATH?: string; FFPROBE_PATH?: string; PATH?: string } = process.env,
): Promise<MediaTools> {
  if (env.FFMPEG_PATH) {
    const beside = path.join(path.dirname(env.FFMPEG_PATH), 'ffprobe');
    const ffprobe =
      env.FFPROBE_PATH ?? ((await isExecutable(beside)) ? beside : await onPath('ffprobe', env.PATH));
    if (ffprobe) return { ffmpeg: env.FFMPEG_PATH, ffprobe, source: 'env' };
  }
  const ffmpeg = await onPath('ffmpeg', env.PATH);
  const ffprobe = env.FFPROBE_PATH ?? (await onPath('ffprobe', env.PATH));
  if (ffmpeg && ffprobe) return { ffmpeg, ffprobe, source: 'path' };
  const shipped = fromNpm();
  if (shipped) {
    // npm may install the binaries without their executable bit when install scripts are off.
    for (const file of [shipped.ffmpeg, shipped.ffprobe]) {
      if (!(await isExecutable(file))) await fs.chmod(file, 0o755).catch(() => {});
    }
    return { ...shipped, source: 'npm' };
  }
  throw new Error('ffmpeg/ffprobe not found: install ffmpeg or set FFMPEG_PATH');
}

export type RunResult = { code: number | null; signal: NodeJS.Signals | null; stderr: string };

let dieWithServer: string[] | undefined;

/**
 * The command prefix that makes a tool die when the server process does: a server that is killed
 * (SIGKILL, OOM, crash) cannot stop its children, and ffmpeg ignores SIGPIPE, so an orphaned
 * encoder would run to the end — spending the CPU the resumed encoding needs and writing into
 * the work folder it uses. Linux `setpriv --pdeathsig KILL` (util-linux) asks the kernel to kill
 * the tool with its parent; where it is missing, tools run as they are.
 */
function deathSignalPrefix(): string[] {
  if (dieWithServer) return dieWithServer;
  const probe = ['--pdeathsig', 'KILL', '--', 'true'];
  const works = process.platform === 'linux' && spawnSync('setpriv', probe, { stdio: 'ignore' }).status === 0;
  dieWithServer = works ? ['setpriv', '--pdeathsig', 'KILL', '--'] : [];
  return dieWithServer;
}

/** Runs a tool; keeps the last 8 KB of stderr for error messages. stdout goes line by line to `onLine`. */
export function runTool(
  file: string,
  args: string[],
  options: { signal?: AbortSignal; onLine?: (line: string) => void; timeoutMs?: number } = {},
): Promise<RunResult & { stdout: string }> {
  return new Promise((resolve, reject) => {
    const [wrapper, ...prefix] = deathSignalPrefix();
    const child = wrapper
      ? spawn(wrapper, [...prefix, file, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    let pending = '';
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : undefined;
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!options.onLine) {
        if (stdout.length < 4 * 1024 * 1024) stdout += chunk;
        return;
      }
      pending += chunk;
      let nl = pending.indexOf('\n');
      while (nl >= 0) {
        options.onLine(pending.slice(0, nl).trim());
        pending = pending.slice(nl + 1);
        nl = pending.indexOf('\n');
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8192);
    });
    child.on('error', (err) => {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(err);
    });
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ code, signal, stderr, stdout });
    });
  });
}
