import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageRoutes } from '../../scripts/page-routes.mjs';

describe("the build's list of page paths (the server's 404 for anything else)", () => {
  const patterns = pageRoutes(path.join(import.meta.dirname, 'routes.tsx'));

  it('holds every layout level: public, signed-in, management and the bare exam player', () => {
    expect(patterns).toEqual(
      expect.arrayContaining([
        '/',
        '/news/:id',
        '/training-academy',
        '/training-academy/course/:id/topic/:idThematic',
        '/account/*',
        '/management',
        '/management/user/:id',
        '/auth/callback',
      ]),
    );
    expect(
      patterns.some((p) =>
        /^\/training-academy\/course\/:id\/topic\/:idThematic\/\w{20,}\/:lessonId$/.test(p),
      ),
    ).toBe(true);
  });

  it('leaves out the catch-all not-found routes', () => {
    expect(patterns.filter((p) => p.endsWith('/*') && p !== '/account/*')).toEqual([]);
    expect(patterns).not.toContain('*');
  });
});
