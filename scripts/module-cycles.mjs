// Counts the import cycles between API modules (apps/api/src/modules/<name>): the strongly
// connected components of the module graph, value imports only (type-only imports vanish at run
// time); platform/ is left out (that it imports no module is a rule of its own).
// Usage: node scripts/module-cycles.mjs [--max N] (prints the cycles; exits 1 when there are more
// than N, default 0: the known cycles are a ratchet that only goes down).
import { execFileSync } from 'node:child_process';

const json = execFileSync(
  'npx',
  [
    'depcruise',
    'apps/api/src',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'json',
    '--no-progress',
  ],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
const moduleOf = (path) => {
  if (/\.test\.ts$|\/test-support\.ts$|\/testing\.ts$|\/test-fixtures\.ts$/.test(path)) return null;
  const m = /^apps\/api\/src\/modules\/([^/]+)\//.exec(path);
  return m ? m[1] : null;
};
const { modules } = JSON.parse(json);
// dependency-cruiser reads TypeScript through the compiler's API; without it (TypeScript 7 as
// `typescript`, decision 194) it cruises nothing and every rule passes.
if (!modules.some((m) => moduleOf(m.source))) {
  console.error('module-cycles: dependency-cruiser read no API module (is `typescript` the 6.0 API?)');
  process.exit(1);
}
const edges = new Map();
for (const source of modules) {
  const from = moduleOf(source.source);
  if (!from) continue;
  for (const dep of source.dependencies) {
    if (dep.dependencyTypes.includes('type-only')) continue;
    const to = moduleOf(dep.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}
// Tarjan's strongly connected components.
let index = 0;
const stack = [];
const state = new Map();
const components = [];
function visit(node) {
  state.set(node, { index, low: index, onStack: true });
  index += 1;
  stack.push(node);
  for (const next of edges.get(node) ?? []) {
    if (!state.has(next)) {
      visit(next);
      state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
    } else if (state.get(next).onStack) {
      state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
    }
  }
  if (state.get(node).low === state.get(node).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const node of edges.keys()) if (!state.has(node)) visit(node);
console.log(`${components.length} module cycle(s)`);
for (const c of components) console.log(`  {${c.join(', ')}}`);
const maxAt = process.argv.indexOf('--max');
const max = maxAt > 0 ? Number(process.argv[maxAt + 1]) : 0;
if (components.length > max) console.error(`more module cycles than the ${max} known: break the new one`);
process.exit(components.length > max ? 1 : 0);
