import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/files';
import {
  DEFAULT_LADDER,
  encodeHls,
  extractPoster,
  generateTestVideo,
  pickLadder,
  planRenditions,
} from './hls';
import { decodesCleanly, parseProbe, probeFile } from './probe';
import { findMediaTools, type MediaTools } from './tools';

describe('ffmpeg tools', () => {
  let tools: MediaTools;
  let dir: string;

  beforeAll(async () => {
    tools = await findMediaTools();
    dir = await tempDataDir();
  });

  it('finds ffmpeg on PATH, and the npm copy when PATH has none', async () => {
    expect(tools.source).toBe('path');
    const shipped = await findMediaTools({ PATH: '/nonexistent' });
    expect(shipped.source).toBe('npm');
    const probed = await probeFile(shipped, path.join(dir, 'missing.mp4'));
    expect(probed).toBeNull();
  });

  it('plans a ladder that never upscales and keeps the aspect ratio', () => {
    expect(planRenditions({ width: 1920, height: 1080 }, DEFAULT_LADDER).map((r) => r.name)).toEqual([
      '1080p',
      '720p',
      '480p',
      '360p',
    ]);
    const hd = planRenditions({ width: 1280, height: 720 }, DEFAULT_LADDER);
    expect(hd.map((r) => [r.name, r.width, r.outHeight])).toEqual([
      ['720p', 1280, 720],
      ['480p', 854, 480],
      ['360p', 640, 360],
    ]);
    const portrait = planRenditions({ width: 720, height: 1280 }, pickLadder([720, 360]));
    expect(portrait.map((r) => [r.width, r.outHeight])).toEqual([
      [720, 1280],
      [360, 640],
    ]);
  });

  it('reads display size, duration and streams, ignoring cover art', () => {
    const probe = parseProbe(
      JSON.stringify({
        streams: [
          {
            codec_type: 'video',
            codec_name: 'mjpeg',
            width: 600,
            height: 600,
            disposition: { attached_pic: 1 },
          },
          { codec_type: 'audio', codec_name: 'mp3' },
        ],
        format: { duration: '200.5', format_name: 'mp3' },
      }),
    );
    expect(probe).toMatchObject({ hasVideo: false, hasAudio: true, durationSeconds: 200.5 });
    const rotated = parseProbe(
      JSON.stringify({
        streams: [
          {
            codec_type: 'video',
            width: 1920,
            height: 1080,
            side_data_list: [{ rotation: -90 }],
            avg_frame_rate: '30000/1001',
          },
        ],
        format: { duration: '61' },
      }),
    );
    expect(rotated).toMatchObject({ hasVideo: true, width: 1080, height: 1920 });
    expect(rotated.frameRate).toBeCloseTo(29.97, 2);
  });

  it('generates, probes and encodes a video into HLS with a master playlist and a poster', async () => {
    const input = path.join(dir, 'source.mp4');
    await generateTestVideo(tools, input, { width: 1280, height: 720, seconds: 7 });
    const probe = await probeFile(tools, input);
    expect(probe).toMatchObject({
      hasVideo: true,
      hasAudio: true,
      width: 1280,
      height: 720,
      videoCodec: 'h264',
    });
    expect(probe?.durationSeconds).toBeGreaterThan(6.9);
    expect(await decodesCleanly(tools, input)).toBe(true);

    const seen: number[] = [];
    const outDir = path.join(dir, 'hls');
    const result = await encodeHls(tools, {
      input,
      outDir,
      source: probe as NonNullable<typeof probe>,
      renditions: planRenditions({ width: 1280, height: 720 }, pickLadder([720, 360])),
      segmentSeconds: 3,
      preset: 'ultrafast',
      onProgress: (s) => seen.push(s),
    });
    expect(result.files).toEqual(
      expect.arrayContaining([
        '720p.m3u8',
        '720p_00000.ts',
        '720p_00002.ts',
        '360p.m3u8',
        '360p_00000.ts',
        'master.m3u8',
      ]),
    );
    expect(seen.at(-1)).toBeGreaterThan(6);
    const master = await fs.readFile(result.master, 'utf8');
    expect(master).toContain('RESOLUTION=1280x720');
    expect(master).toContain('RESOLUTION=640x360');
    expect(master.indexOf('720p.m3u8')).toBeLessThan(master.indexOf('360p.m3u8'));
    const variant = await fs.readFile(path.join(outDir, '720p.m3u8'), 'utf8');
    expect(variant).toContain('#EXT-X-TARGETDURATION:3');
    expect(variant).toContain('#EXT-X-ENDLIST');
    const segment = await probeFile(tools, path.join(outDir, '360p_00000.ts'));
    expect(segment).toMatchObject({ width: 640, height: 360, videoCodec: 'h264', hasAudio: true });

    const poster = path.join(dir, 'poster.jpg');
    await extractPoster(tools, input, poster, 7);
    expect(await probeFile(tools, poster)).toMatchObject({ width: 1280, height: 720 });
  });

  it('refuses damaged files', async () => {
    const junk = path.join(dir, 'junk.mp4');
    await fs.writeFile(junk, Buffer.alloc(64 * 1024, 7));
    expect(await probeFile(tools, junk)).toBeNull();
  });
});
