import { type MediaTools, runTool } from './tools';

/** What ffprobe tells about a file, reduced to what the checks and the encoder need. */
export type ProbeResult = {
  /** A decodable video stream (not cover art) was found. */
  hasVideo: boolean;
  hasAudio: boolean;
  /** Display size (rotation applied). */
  width: number;
  height: number;
  durationSeconds: number;
  frameRate: number;
  videoCodec: string | null;
  formatName: string | null;
};

type FfprobeStream = {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
};
type FfprobeOutput = { streams?: FfprobeStream[]; format?: { duration?: string; format_name?: string } };

function rate(value: string | undefined): number {
  if (!value) return 0;
  const [num, den] = value.split('/').map(Number);
  if (!num || !den) return Number(value) || 0;
  return num / den;
}

/** Parses `ffprobe -show_format -show_streams -of json` output. Exported for unit tests. */
export function parseProbe(json: string): ProbeResult {
  const data = JSON.parse(json) as FfprobeOutput;
  const streams = data.streams ?? [];
  const video = streams.find(
    (s) =>
      s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0 && (s.height ?? 0) > 0,
  );
  const audio = streams.find((s) => s.codec_type === 'audio');
  const rotation = Number(
    video?.tags?.rotate ?? video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0,
  );
  const quarterTurn = Math.abs(rotation) % 180 === 90;
  const width = video?.width ?? 0;
  const height = video?.height ?? 0;
  const duration = Number(data.format?.duration ?? video?.duration ?? 0);
  return {
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
    width: quarterTurn ? height : width,
    height: quarterTurn ? width : height,
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    frameRate: rate(video?.avg_frame_rate) || rate(video?.r_frame_rate),
    videoCodec: video?.codec_name ?? null,
    formatName: data.format?.format_name ?? null,
  };
}

/** Probes a file; null when ffprobe cannot read it at all (not a media file, or damaged). */
export async function probeFile(tools: MediaTools, file: string): Promise<ProbeResult | null> {
  const result = await runTool(
    tools.ffprobe,
    ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file],
    { timeoutMs: 120_000 },
  );
  if (result.code !== 0) return null;
  try {
    return parseProbe(result.stdout);
  } catch {
    return null;
  }
}

/**
 * Decodes the first seconds of the video: a file whose header looks right but whose frames do
 * not decode is damaged. True when decoding worked.
 */
export async function decodesCleanly(tools: MediaTools, file: string, seconds = 2): Promise<boolean> {
  const result = await runTool(
    tools.ffmpeg,
    ['-v', 'error', '-xerror', '-t', String(seconds), '-i', file, '-map', '0:v:0', '-f', 'null', '-'],
    { timeoutMs: 120_000 },
  );
  return result.code === 0;
}
