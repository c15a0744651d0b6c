// Which functions the course and lesson pages run before their content shows (issue 21, point 2):
// each load with V8's sampling CPU profiler (CDP Profiler domain), cold (a new context) and warm
// (the same context again); self time summed by the function's source (the build's hidden source
// maps) and by the source file. `node bench/profile-pages.mjs` after `npm run build`;
// BENCH_PROFILE_RUNS (default 3) loads of each, the sums are the mean per load.
// BENCH_PROFILE_COUNTS=1: instead of times, how many times each of our functions ran until the
// content showed (V8's precise coverage with call counts: the same on a loaded machine as on a quiet
// one); BENCH_PROFILE_COUNT_LIBRARIES=1 counts the libraries' functions too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { visibleAt, withStudyPages } from './run-pages.mjs';

const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 3);
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 40);
const COUNTS = process.env.BENCH_PROFILE_COUNTS === '1';
const COUNT_LIBRARIES = process.env.BENCH_PROFILE_COUNT_LIBRARIES === '1';
const assetsDir = path.resolve(import.meta.dirname, '../apps/web/dist/assets');

const maps = new Map();
function original(url, line, column) {
  const file = /\/assets\/([^?#]+\.js)/.exec(url)?.[1];
  if (!file) return undefined;
  if (!maps.has(file)) {
    try {
      maps.set(
        file,
        new SourceMapConsumer(JSON.parse(readFileSync(path.join(assetsDir, `${file}.map`), 'utf8'))),
      );
    } catch {
      maps.set(file, null);
    }
  }
  const map = maps.get(file);
  if (!map) return undefined;
  const pos = map.originalPositionFor({ line: line + 1, column });
  return pos.source ? pos : undefined;
}

const shortSource = (s) =>
  s
    .replace(/^.*node_modules\//, '')
    .replace(/^(\.\.\/)+/, '')
    .replace(/^src\//, '');

function selfTimes(profile, untilUs) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  const { samples, timeDeltas } = profile;
  let t = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    t += timeDeltas[i];
    if (t > untilUs) break;
    const dt = timeDeltas[i + 1] ?? 0;
    counts.set(samples[i], (counts.get(samples[i]) ?? 0) + dt);
  }
  const byFunction = new Map();
  const byFile = new Map();
  for (const [id, us] of counts) {
    const { callFrame } = byId.get(id);
    let key;
    let file;
    if (!callFrame.url) {
      key = `(${callFrame.functionName || 'program'})`;
      file = key;
    } else {
      const pos = original(callFrame.url, callFrame.lineNumber, callFrame.columnNumber);
      file = pos ? shortSource(pos.source) : callFrame.url.replace(/^.*\//, '');
      key = `${callFrame.functionName || '(anonymous)'} ${file}${pos ? `:${pos.line}` : ''}`;
    }
    byFunction.set(key, (byFunction.get(key) ?? 0) + us / 1000);
    byFile.set(file, (byFile.get(file) ?? 0) + us / 1000);
  }
  return { byFunction, byFile };
}

const lineStarts = new Map();
/** Offset in a built asset to its original function (name and source line). */
function originalAtOffset(url, offset) {
  const file = /\/assets\/([^?#]+\.js)/.exec(url)?.[1];
  if (!file) return undefined;
  if (!lineStarts.has(file)) {
    const text = readFileSync(path.join(assetsDir, file), 'utf8');
    const starts = [0];
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
    lineStarts.set(file, starts);
  }
  const starts = lineStarts.get(file);
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return original(url, lo, offset - starts[lo]);
}

/** How many times each of our own (src/) functions ran until the content showed. */
function callCounts(coverage) {
  const counts = new Map();
  for (const script of coverage) {
    if (!script.url.includes('/assets/')) continue;
    for (const fn of script.functions) {
      const count = fn.ranges[0]?.count ?? 0;
      if (!count || !fn.functionName) continue;
      const pos = originalAtOffset(script.url, fn.ranges[0].startOffset);
      if (!pos || (!COUNT_LIBRARIES && pos.source.includes('node_modules'))) continue;
      const key = `${pos.name ?? fn.functionName} ${shortSource(pos.source)}:${pos.line}`;
      counts.set(key, (counts.get(key) ?? 0) + count);
    }
  }
  return counts;
}

async function profiledLoad(context, url, selector) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  if (COUNTS) await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  else {
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  await page.goto(url, { waitUntil: 'commit' });
  await visibleAt(page, selector);
  if (COUNTS) {
    const { result } = await cdp.send('Profiler.takePreciseCoverage');
    await page.close();
    return { byFunction: callCounts(result), byFile: new Map() };
  }
  const { profile } = await cdp.send('Profiler.stop');
  await page.close();
  return selfTimes(profile, Number.POSITIVE_INFINITY);
}

function add(into, from) {
  for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) + v);
}

function report(title, sums, runs) {
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
  if (COUNTS) {
    console.log(`\n${title}: calls per load until the content showed, mean of ${runs}`);
    for (const [k, v] of sorted(sums.byFunction).slice(0, TOP))
      console.log(`  ${(v / runs).toFixed(1).padStart(7)}  ${k}`);
    return;
  }
  const total = [...sums.byFile]
    .filter(([k]) => k !== '(idle)' && k !== '(program)')
    .reduce((a, [, v]) => a + v, 0);
  console.log(
    `\n${title}: ${(total / runs).toFixed(1)} ms of JS (not idle, not program) per load, mean of ${runs}`,
  );
  console.log('  by file:');
  for (const [k, v] of sorted(sums.byFile).slice(0, 25))
    console.log(`  ${(v / runs).toFixed(1).padStart(7)}  ${k}`);
  console.log('  by function:');
  for (const [k, v] of sorted(sums.byFunction).slice(0, TOP))
    console.log(`  ${(v / runs).toFixed(1).padStart(7)}  ${k}`);
}

await withStudyPages('profile-pages', async ({ browser, url, state, pages }) => {
  for (const p of pages) {
    const cold = { byFunction: new Map(), byFile: new Map() };
    const warm = { byFunction: new Map(), byFile: new Map() };
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ storageState: state });
      const c = await profiledLoad(context, url + p.path, p.selector);
      add(cold.byFunction, c.byFunction);
      add(cold.byFile, c.byFile);
      const w = await profiledLoad(context, url + p.path, p.selector);
      add(warm.byFunction, w.byFunction);
      add(warm.byFile, w.byFile);
      await context.close();
    }
    report(`${p.name} cold`, cold, RUNS);
    report(`${p.name} warm`, warm, RUNS);
  }
});
