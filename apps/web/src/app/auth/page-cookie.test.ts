import { describe, expect, it } from 'vitest';
import { lendTokenToPages } from './page-cookie';

/** document.cookie as the browser takes it: each write is one cookie line. */
function jar() {
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return '';
    },
    set cookie(line: string) {
      writes.push(line);
    },
  };
}

describe('the page cookie (decision 195)', () => {
  it('lends the token to the academy pages only, for as long as it lives, same-site only', () => {
    const cookies = jar();
    lendTokenToPages({ accessToken: 'aaa.bbb.ccc', secondsLeft: 600 }, cookies, true);
    expect(cookies.writes).toEqual([
      'academy_page_token=aaa.bbb.ccc; Max-Age=600; Path=/training-academy; SameSite=Strict; Secure',
    ]);
  });

  it('writes again only when the token changes', () => {
    const cookies = jar();
    lendTokenToPages({ accessToken: 'one.two.three', secondsLeft: 300 }, cookies, false);
    lendTokenToPages({ accessToken: 'one.two.three', secondsLeft: 290 }, cookies, false);
    lendTokenToPages({ accessToken: 'four.five.six', secondsLeft: 300 }, cookies, false);
    expect(cookies.writes).toHaveLength(2);
    expect(cookies.writes[1]).toContain('academy_page_token=four.five.six;');
    expect(cookies.writes[1]).not.toContain('Secure');
  });

  it('takes the token away when the session ends or the token has expired', () => {
    const cookies = jar();
    lendTokenToPages({ accessToken: 'seven.eight.nine', secondsLeft: 300 }, cookies, false);
    lendTokenToPages(null, cookies, false);
    lendTokenToPages({ accessToken: 'ten.eleven.twelve', secondsLeft: 300 }, cookies, false);
    lendTokenToPages({ accessToken: 'ten.eleven.twelve', secondsLeft: 0 }, cookies, false);
    expect(cookies.writes[1]).toBe('academy_page_token=; Max-Age=0; Path=/training-academy; SameSite=Strict');
    expect(cookies.writes[3]).toBe('academy_page_token=; Max-Age=0; Path=/training-academy; SameSite=Strict');
  });
});
