// The JavaScript and CSS a visitor downloads before the home page renders: the entry chunk and
// everything it imports statically, gzipped. Lazy pages (management, exam player, video player)
// must stay out of it. Reads Vite's manifest of the last build (`npm run build`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
/**
 * Budget for the home page's first load (entry + static imports + CSS), gzipped. Measured 244 KB
 * on 2026-11-23 with the home page's own data hooks: React 19, Mantine (JS + its full stylesheet,
 * ~29 KB), React Router, TanStack Query and i18next. Every page, zod, the forms and oidc-client-ts
 * (loaded only for a stored session or a sign-in) are lazy chunks.
 */
export const FIRST_LOAD_BUDGET_KB = 260;
/** Chunks (manifest keys) that must only ever be loaded lazily: the management area, zod, OIDC, video. */
const MUST_BE_LAZY = [
  /^src\/features\/management\/ManagementLayout\.tsx$/,
  /^_zod-/,
  /oidc-client-ts/,
  // the video player's HLS engine and the uploads' tus client
  /hls\.js/,
  /tus-js-client/,
];

export function measureFirstLoad() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(path.join(dist, file))).length;
  const eager = [...seen].filter((key) => MUST_BE_LAZY.some((pattern) => pattern.test(key)));
  return { kb: Math.round(bytes / 1024), files: files.size, eager };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { kb, files, eager } = measureFirstLoad();
  const ok = kb <= FIRST_LOAD_BUDGET_KB && eager.length === 0;
  console.log(`home first load: ${kb} KB gzipped in ${files} files (budget ${FIRST_LOAD_BUDGET_KB} KB)`);
  if (eager.length) console.log(`loaded eagerly but must be lazy: ${eager.join(', ')}`);
  process.exit(ok ? 0 : 1);
}
