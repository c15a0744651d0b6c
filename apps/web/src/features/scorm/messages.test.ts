import { describe, expect, it } from 'vitest';
import { isReturnMessage, navTarget, readFrameMessage } from './messages';

const origin = 'http://127.0.0.1:4500';
const frame = { name: 'our frame' };

describe('readFrameMessage', () => {
  it("takes the runtime's commit and finish messages from our frame on the content origin", () => {
    expect(
      readFrameMessage({ origin, source: frame, data: { type: 'scorm:commit', sco: 'a' } }, origin, frame),
    ).toEqual({
      type: 'scorm:commit',
      sco: 'a',
    });
    expect(
      readFrameMessage(
        { origin, source: frame, data: { type: 'scorm:finish', sco: 'a', navRequest: 'continue' } },
        origin,
        frame,
      ),
    ).toEqual({ type: 'scorm:finish', sco: 'a', navRequest: 'continue' });
  });

  it('ignores another origin, another window of the content origin, and unknown shapes', () => {
    const data = { type: 'scorm:finish', sco: 'a', navRequest: null };
    expect(
      readFrameMessage({ origin: 'http://localhost:3000', source: frame, data }, origin, frame),
    ).toBeNull();
    expect(readFrameMessage({ origin, source: { other: true }, data }, origin, frame)).toBeNull();
    expect(readFrameMessage({ origin, source: frame, data }, origin, null)).toBeNull();
    expect(readFrameMessage({ origin, source: frame, data: 'scorm:finish' }, origin, frame)).toBeNull();
    expect(
      readFrameMessage({ origin, source: frame, data: { type: 'scorm:steal', sco: 'a' } }, origin, frame),
    ).toBeNull();
    expect(
      readFrameMessage({ origin, source: frame, data: { type: 'scorm:commit' } }, origin, frame),
    ).toBeNull();
  });
});

describe('navTarget', () => {
  const scos = ['intro', 'body', 'quiz'];
  it('follows continue, previous and choice through the SCOs in order', () => {
    expect(navTarget('continue', scos, 'intro')).toEqual({ kind: 'sco', sco: 'body' });
    expect(navTarget('continue', scos, 'quiz')).toEqual({ kind: 'close' });
    expect(navTarget('previous', scos, 'body')).toEqual({ kind: 'sco', sco: 'intro' });
    expect(navTarget('previous', scos, 'intro')).toBeNull();
    expect(navTarget('{target=quiz}choice', scos, 'intro')).toEqual({ kind: 'sco', sco: 'quiz' });
    expect(navTarget('{target=nowhere}choice', scos, 'intro')).toBeNull();
  });

  it('closes the player on exit and suspend requests, and does nothing without a request', () => {
    expect(navTarget('exitAll', scos, 'body')).toEqual({ kind: 'close' });
    expect(navTarget('suspendAll', scos, 'body')).toEqual({ kind: 'close' });
    expect(navTarget('_none_', scos, 'body')).toBeNull();
    expect(navTarget(null, scos, 'body')).toBeNull();
  });
});

describe('isReturnMessage', () => {
  it("hears a cmi5 AU's return page in our frame on the content origin, and nothing else", () => {
    const data = { type: 'cmi5:return' };
    expect(isReturnMessage({ origin, source: frame, data }, origin, frame)).toBe(true);
    expect(isReturnMessage({ origin: 'http://localhost:3000', source: frame, data }, origin, frame)).toBe(
      false,
    );
    expect(isReturnMessage({ origin, source: { other: true }, data }, origin, frame)).toBe(false);
    expect(
      isReturnMessage({ origin, source: frame, data: { type: 'scorm:commit', sco: 'a' } }, origin, frame),
    ).toBe(false);
    expect(isReturnMessage({ origin, source: frame, data: 'cmi5:return' }, origin, frame)).toBe(false);
  });
});
