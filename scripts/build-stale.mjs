// Builds the web app and the server when they are missing or older than their sources.
// Used by `npm start` and by the browser journeys before they start their servers.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

const contract = 'packages/contract/src';
const targets = [
  {
    name: 'web',
    // The server entry is written after the browser build (apps/web's build script): with it, both are there.
    output: 'apps/web/dist-server/render.js',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', contract],
  },
  { name: 'api', output: 'apps/api/dist/main.js', sources: ['apps/api/src', contract] },
];

export function buildStale() {
  for (const target of targets) {
    if (isStale(path.join(root, target.output), target.sources)) {
      console.log(`Building ${target.name}…`);
      execSync(`npm run build -w apps/${target.name}`, { cwd: root, stdio: 'inherit' });
    }
  }
}
