import { describe, expect, it } from 'vitest';
import type { SignInFailure } from './failure';

/** Every kind of sign-in failure; `satisfies` fails the type check when a kind is added or gone. */
const KINDS = Object.keys({
  provider: true,
  state: true,
  nonce: true,
  unreachable: true,
  refused: true,
  other: true,
} satisfies Record<SignInFailure['kind'], true>);
const BUTTONS = ['title', 'tryAgain', 'signOutProvider', 'home'];

const locales = import.meta.glob<{ auth?: { failure?: Record<string, unknown> } }>('../../locales/*.json', {
  eager: true,
  import: 'default',
});

describe('the sign-in failure pages’ strings', () => {
  it('every failure has what happened and what to do, with the page’s buttons, in every locale file', () => {
    expect(Object.keys(locales).length).toBeGreaterThan(0);
    for (const [file, locale] of Object.entries(locales)) {
      const failure = locale.auth?.failure ?? {};
      const keys = [...KINDS.flatMap((kind) => [kind, `${kind}Hint`]), ...BUTTONS];
      const missing = keys.filter((key) => typeof failure[key] !== 'string' || failure[key] === '');
      expect(missing, file).toEqual([]);
      expect(Object.keys(failure).sort(), `${file} has no keys nobody uses`).toEqual([...keys].sort());
    }
  });
});
