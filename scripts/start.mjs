// `npm start`: builds whatever is missing or older than its sources, then serves everything
// from one process (API, embedded sign-in, web app) on PORT (default 3000).
import path from 'node:path';
import { buildStale } from './build-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');

buildStale();

process.env.NODE_ENV ??= 'production';
await import(path.join(root, 'apps/api/dist/main.js'));
