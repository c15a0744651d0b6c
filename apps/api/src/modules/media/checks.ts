import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@academy/contract';
import type { ProbeResult } from '../../platform/media/probe';

/**
 * SPEC §5 checks on what ffprobe found: a real video stream, at least 720p (the short side, so a
 * portrait 720×1280 video counts as 720p), at least one minute. Null when the video is accepted.
 */
export function videoProblem(probe: ProbeResult | null): string | null {
  if (!probe?.hasVideo || probe.durationSeconds <= 0) return MEDIA_MESSAGES.notAVideo;
  if (Math.min(probe.width, probe.height) < MEDIA_LIMITS.minVideoHeight) return MEDIA_MESSAGES.tooSmall;
  if (probe.durationSeconds < MEDIA_LIMITS.minVideoSeconds) return MEDIA_MESSAGES.tooShort;
  return null;
}
