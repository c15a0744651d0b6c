import { describe, expect, it } from 'vitest';
import { tokenOf, withToken } from './signed-url';

describe('signed media URLs', () => {
  it('replaces the token and keeps the rest', () => {
    const url = '/media/videos/2026/x/720p_00001.ts?token=old&x=1';
    expect(tokenOf(url)).toBe('old');
    expect(withToken(url, 'new.1.sig')).toBe('/media/videos/2026/x/720p_00001.ts?token=new.1.sig&x=1');
    expect(withToken('/media/a.m3u8', 't')).toBe('/media/a.m3u8?token=t');
    expect(withToken(url, null)).toBe(url);
  });
});
