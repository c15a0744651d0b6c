import type { ScormFrameMessage } from '@academy/contract';

/** What a `message` event carries that matters here (a MessageEvent, or a test's stand-in). */
export interface FrameEvent {
  origin: string;
  source: unknown;
  data: unknown;
}

/**
 * The runtime page's message (scorm:commit, scorm:finish; decision 113), or null for anything
 * else: only from the content origin AND from our own frame's window (another frame of the same
 * origin, e.g. a package opening a window, is not listened to), and only of the known shapes.
 */
export function readFrameMessage(
  event: FrameEvent,
  contentOrigin: string,
  frame: unknown,
): ScormFrameMessage | null {
  if (event.origin !== contentOrigin || frame == null || event.source !== frame) return null;
  const data = event.data as Partial<Record<string, unknown>> | null;
  if (typeof data !== 'object' || data === null || typeof data.sco !== 'string') return null;
  if (data.type === 'scorm:commit') return { type: 'scorm:commit', sco: data.sco };
  if (data.type === 'scorm:finish') {
    const nav = typeof data.navRequest === 'string' ? data.navRequest : null;
    return { type: 'scorm:finish', sco: data.sco, navRequest: nav };
  }
  return null;
}

/**
 * Whether the event is a cmi5 AU's return page saying the AU is done (`cmi5:return`, decision
 * 122), under the same rules: the content origin, our own frame's window.
 */
export function isReturnMessage(event: FrameEvent, contentOrigin: string, frame: unknown): boolean {
  if (event.origin !== contentOrigin || frame == null || event.source !== frame) return false;
  const data = event.data as Partial<Record<string, unknown>> | null;
  return typeof data === 'object' && data !== null && data.type === 'cmi5:return';
}

/**
 * Where a SCORM 2004 navigation request sent on Terminate asks to go, among the package's SCOs in
 * order: the next or previous SCO, a chosen one (`{target=ID}choice`), out of the player (exit,
 * suspendAll…), or nowhere said (null).
 */
export function navTarget(
  request: string | null,
  scos: string[],
  current: string,
): { kind: 'sco'; sco: string } | { kind: 'close' } | null {
  if (!request || request === '_none_') return null;
  const at = scos.indexOf(current);
  if (request === 'continue') {
    const next = scos[at + 1];
    return next ? { kind: 'sco', sco: next } : { kind: 'close' };
  }
  if (request === 'previous') {
    const previous = at > 0 ? scos[at - 1] : undefined;
    return previous ? { kind: 'sco', sco: previous } : null;
  }
  const choice = /^\{target=([^}]+)\}(?:choice|jump)$/.exec(request);
  if (choice?.[1]) return scos.includes(choice[1]) ? { kind: 'sco', sco: choice[1] } : null;
  if (['exit', 'exitAll', 'suspendAll', 'abandon', 'abandonAll'].includes(request)) return { kind: 'close' };
  return null;
}
