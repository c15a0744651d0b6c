import fs from 'node:fs/promises';
import path from 'node:path';
import type { ProbeResult } from './probe';
import { type MediaTools, runTool } from './tools';

/** One rung of the adaptive ladder, named by its (short-side) height. */
export type Rendition = { height: number; videoKbps: number; audioKbps: number };

/** The ladder we encode: a rung is used when the source is at least that tall (never upscaled). */
export const DEFAULT_LADDER: Rendition[] = [
  { height: 1080, videoKbps: 5000, audioKbps: 128 },
  { height: 720, videoKbps: 2800, audioKbps: 128 },
  { height: 480, videoKbps: 1400, audioKbps: 96 },
  { height: 360, videoKbps: 800, audioKbps: 96 },
];

/** The rungs of `ladder` whose height is in `heights` (e.g. MEDIA_LADDER=720,360 for fast tests). */
export function pickLadder(heights: number[] | undefined, ladder: Rendition[] = DEFAULT_LADDER): Rendition[] {
  if (!heights?.length) return ladder;
  return ladder.filter((r) => heights.includes(r.height));
}

export type PlannedRendition = Rendition & { name: string; width: number; outHeight: number };

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The renditions for a source: every rung not taller than the source's short side (the lowest
 * rung always, so a small source still plays). Sizes keep the aspect ratio; portrait videos
 * scale their width to the rung.
 */
export function planRenditions(
  source: Pick<ProbeResult, 'width' | 'height'>,
  ladder: Rendition[],
): PlannedRendition[] {
  const shortSide = Math.min(source.width, source.height);
  const landscape = source.width >= source.height;
  const sorted = [...ladder].sort((a, b) => b.height - a.height);
  let rungs = sorted.filter((r) => r.height <= shortSide);
  if (rungs.length === 0 && sorted.length > 0) rungs = [sorted[sorted.length - 1] as Rendition];
  return rungs.map((r) => {
    const scale = r.height / shortSide;
    const width = landscape ? even(source.width * scale) : even(r.height);
    const outHeight = landscape ? even(r.height) : even(source.height * scale);
    return { ...r, name: `${r.height}p`, width, outHeight };
  });
}

export type EncodeOptions = {
  input: string;
  outDir: string;
  source: ProbeResult;
  renditions: PlannedRendition[];
  segmentSeconds: number;
  /** x264 preset: veryfast by default, ultrafast in tests. */
  preset: string;
  /** Prefix of the rendition playlists in the master playlist (e.g. `<id>/`). */
  variantPrefix?: string;
  /** Encoded seconds so far, as ffmpeg reports them. */
  onProgress?: (seconds: number) => void;
  signal?: AbortSignal;
};

export type EncodeResult = {
  /** Files written into outDir: `<name>.m3u8` and `<name>_00000.ts` per rendition, plus `master.m3u8`. */
  files: string[];
  master: string;
};

function masterPlaylist(renditions: PlannedRendition[], hasAudio: boolean, prefix: string): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    const bandwidth = Math.round((r.videoKbps * 1.1 + (hasAudio ? r.audioKbps : 0)) * 1000);
    const codecs = hasAudio ? 'avc1.640028,mp4a.40.2' : 'avc1.640028';
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},AVERAGE-BANDWIDTH=${Math.round(bandwidth * 0.85)},RESOLUTION=${r.width}x${r.outHeight},CODECS="${codecs}",NAME="${r.name}"`,
      `${prefix}${r.name}.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Encodes H.264/AAC HLS renditions in one ffmpeg run (one decode, split and scaled per rung),
 * with keyframes every `segmentSeconds` so every segment starts with one, and writes the master
 * playlist. Throws with ffmpeg's last error lines when it fails.
 */
export async function encodeHls(tools: MediaTools, options: EncodeOptions): Promise<EncodeResult> {
  const { renditions, source, segmentSeconds } = options;
  if (renditions.length === 0) throw new Error('no renditions to encode');
  await fs.mkdir(options.outDir, { recursive: true });
  const split =
    renditions.length > 1 ? `split=${renditions.length}${renditions.map((_, i) => `[s${i}]`).join('')};` : '';
  const scales = renditions
    .map(
      (r, i) =>
        `${renditions.length > 1 ? `[s${i}]` : ''}scale=${r.width}:${r.outHeight},format=yuv420p[v${i}]`,
    )
    .join(';');
  const filter = `[0:v:0]${split}${scales}`;
  const args = ['-hide_banner', '-v', 'error', '-y', '-i', options.input, '-filter_complex', filter];
  renditions.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    if (source.hasAudio) args.push('-map', '0:a:0');
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      options.preset,
      '-profile:v',
      'high',
      '-b:v',
      `${r.videoKbps}k`,
      '-maxrate',
      `${Math.round(r.videoKbps * 1.1)}k`,
      '-bufsize',
      `${Math.round(r.videoKbps * 1.5)}k`,
      '-force_key_frames',
      `expr:gte(t,n_forced*${segmentSeconds})`,
      '-sc_threshold',
      '0',
    );
    if (source.hasAudio) args.push('-c:a', 'aac', '-b:a', `${r.audioKbps}k`, '-ac', '2', '-ar', '48000');
    args.push(
      '-f',
      'hls',
      '-hls_time',
      String(segmentSeconds),
      '-hls_playlist_type',
      'vod',
      '-hls_flags',
      'independent_segments',
      '-hls_segment_filename',
      path.join(options.outDir, `${r.name}_%05d.ts`),
      path.join(options.outDir, `${r.name}.m3u8`),
    );
  });
  args.push('-progress', 'pipe:1', '-nostats');
  const result = await runTool(tools.ffmpeg, args, {
    signal: options.signal,
    onLine: (line) => {
      const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
      if (match) options.onProgress?.(Number(match[1]) / 1_000_000);
    },
  });
  if (options.signal?.aborted) throw new Error('encoding was stopped');
  if (result.code !== 0) {
    const reason = result.stderr.trim().split('\n').slice(-3).join(' ').slice(0, 500);
    throw new Error(`ffmpeg failed (${result.code ?? result.signal}): ${reason || 'no output'}`);
  }
  const master = path.join(options.outDir, 'master.m3u8');
  await fs.writeFile(master, masterPlaylist(renditions, source.hasAudio, options.variantPrefix ?? ''));
  const files = (await fs.readdir(options.outDir)).sort();
  return { files, master };
}

/** A poster frame (JPEG, at most 720 tall) from a tenth into the video, at most 5 s in. */
export async function extractPoster(
  tools: MediaTools,
  input: string,
  output: string,
  durationSeconds: number,
): Promise<void> {
  const at = Math.min(5, Math.max(0, durationSeconds / 10));
  const result = await runTool(
    tools.ffmpeg,
    [
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-ss',
      at.toFixed(2),
      '-i',
      input,
      '-frames:v',
      '1',
      '-vf',
      "scale=-2:'min(720,ih)'",
      '-q:v',
      '3',
      output,
    ],
    { timeoutMs: 120_000 },
  );
  if (result.code !== 0) throw new Error(`poster extraction failed: ${result.stderr.trim().slice(-300)}`);
}

/**
 * A generated test video (colour bars with a moving counter, and a tone when `audio`):
 * for tests, the benchmark and the demo lesson. Nothing binary is committed.
 */
export async function generateTestVideo(
  tools: MediaTools,
  output: string,
  options: { width: number; height: number; seconds: number; fps?: number; audio?: boolean; preset?: string },
): Promise<void> {
  const fps = options.fps ?? 25;
  const args = [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${options.width}x${options.height}:rate=${fps}:duration=${options.seconds}`,
  ];
  if (options.audio !== false) {
    args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${options.seconds}`);
  }
  args.push('-c:v', 'libx264', '-preset', options.preset ?? 'ultrafast', '-pix_fmt', 'yuv420p');
  if (options.audio !== false) args.push('-c:a', 'aac', '-b:a', '64k');
  // Named by the format, not the file name: an upload's staging file has no extension.
  args.push('-movflags', '+faststart', '-t', String(options.seconds), '-f', 'mp4', output);
  const result = await runTool(tools.ffmpeg, args, { timeoutMs: 300_000 });
  if (result.code !== 0) throw new Error(`test video generation failed: ${result.stderr.trim().slice(-300)}`);
}
