// Where a page's time goes before its content shows (issue 21, point 2): the course and lesson
// pages of run-pages.mjs opened cold and warm with a Chromium performance trace, broken down into
// the HTML, each script (fetched, compiled, run), the first render of the frame, the page's API
// calls (when started, how long the server took, side by side or one after the other) and the
// content showing. `npm run bench:trace-pages -w bench` after `npm run build`; BENCH_TRACE_RUNS
// (default 3) loads of each, the median of each line; BENCH_TRACE_DIR keeps the raw traces.
// BENCH_TRACE_AB=1: each load also without the page's inline scripts, taken out of the HTML on its
// way, the two interleaved so that both see the same load (how decision 171's early reads, since
// withdrawn, were judged).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { visibleAt, watchVisible, withStudyPages } from './run-pages.mjs';

const RUNS = Number(process.env.BENCH_TRACE_RUNS ?? 3);
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
const AB = process.env.BENCH_TRACE_AB === '1';
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
  'loading',
].join(',');

/** When #root first has content (the frame's first render), in ms from navigation start. */
const FIRST_RENDER = () => {
  const observer = new MutationObserver(() => {
    const root = document.getElementById('root');
    if (root && root.childElementCount > 0 && !window.__firstRender) {
      window.__firstRender = performance.now();
      observer.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById('root');
    if (root) observer.observe(root, { childList: true });
  });
};

const median = (values) => {
  const sorted = values.filter((v) => v !== undefined && !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : undefined;
};

/** What the page's own timing entries say: navigation, resources, paints, first render. */
function pageTimings() {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource').map((r) => ({
    name: new URL(r.name).pathname + new URL(r.name).search,
    type: r.initiatorType,
    start: r.startTime,
    requestStart: r.requestStart,
    responseStart: r.responseStart,
    end: r.responseEnd,
    cached: r.transferSize === 0,
  }));
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
  return {
    htmlStart: nav.requestStart,
    htmlFirstByte: nav.responseStart,
    htmlEnd: nav.responseEnd,
    domInteractive: nav.domInteractive,
    domContentLoaded: nav.domContentLoadedEventEnd,
    firstRender: window.__firstRender,
    fcp,
    resources,
  };
}

/**
 * The page's renderer main thread between navigation start and `untilMs`: CPU ms (the trace's
 * thread time, which the machine's load stretches less than the wall time) by kind of work.
 */
function mainThreadBreakdown(trace, untilMs) {
  const events = trace.traceEvents;
  // The page's own navigation (a new tab first commits about:blank).
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'),
  );
  if (!navigation) return {};
  const { pid, tid, ts: navStart } = navigation;
  const until = navStart + untilMs * 1000;
  const sums = {};
  const add = (kind, event) => {
    sums[kind] = (sums[kind] ?? 0) + (event.tdur ?? 0) / 1000;
  };
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || e.ts < navStart || e.ts > until) continue;
    if (e.name === 'RunTask') add('CPU, all tasks', e);
    else if (e.name === 'v8.evaluateModule') add('CPU, running the modules', e);
    else if (e.name === 'FunctionCall' && /\/assets\//.test(e.args?.data?.url ?? ''))
      add('CPU, app code (React)', e);
    else if (e.name === 'ParseAuthorStyleSheet') add('CPU, parsing CSS', e);
    else if (e.name === 'UpdateLayoutTree' || e.name === 'Layout') add('CPU, style and layout', e);
    else if (e.name === 'Paint' || e.name === 'PrePaint' || e.name === 'Layerize') add('CPU, paint', e);
  }
  return sums;
}

/** The page's HTML from the server, with its inline script taken out when `strip`. */
async function htmlOf(route, strip) {
  const response = await route.fetch();
  const body = await response.text();
  await route.fulfill({ response, body: strip ? body.replace(/<script>[\s\S]*?<\/script>/g, '') : body });
}

async function tracedLoad(browser, context, url, pagePath, selector, label) {
  const page = await context.newPage();
  await browser.startTracing(page, { categories: CATEGORIES.split(',') });
  await page.goto(url + pagePath, { waitUntil: 'commit' });
  await page.waitForLoadState('networkidle');
  const visible = await visibleAt(page, selector);
  const buffer = await browser.stopTracing();
  const trace = JSON.parse(buffer.toString('utf8'));
  if (TRACE_DIR) writeFileSync(path.join(TRACE_DIR, `${label}.json`), buffer);
  const timings = await page.evaluate(pageTimings);
  await page.close();
  return { visible, timings, main: mainThreadBreakdown(trace, visible) };
}

/** One load's lines: when each part started and ended (ms from navigation start). */
function linesOf({ visible, timings, main }) {
  const lines = {};
  const put = (name, value) => {
    lines[name] = value;
  };
  put('HTML first byte', timings.htmlFirstByte);
  put('HTML done', timings.htmlEnd);
  put('DOM interactive (entry module run)', timings.domInteractive);
  for (const r of timings.resources) {
    const kind = r.name.startsWith('/services/')
      ? `API ${r.name.replace('/services/core/api/', '').replace(/\d+/g, '{id}')}`
      : r.name.startsWith('/assets/')
        ? `asset ${r.name.replace(/^\/assets\//, '').replace(/-[A-Za-z0-9_-]{8}\./, '.')}`
        : `other ${r.name}`;
    if (kind.startsWith('other') || kind.includes('.png') || kind.includes('.webp') || kind.includes('.svg'))
      continue;
    put(`${kind}: start`, r.start);
    if (kind.startsWith('API')) put(`${kind}: server (first byte - sent)`, r.responseStart - r.requestStart);
    put(`${kind}: end`, r.end);
  }
  put('frame first render (#root has content)', timings.firstRender);
  put('first contentful paint', timings.fcp);
  put('content visible', visible);
  for (const [kind, ms] of Object.entries(main)) put(`main thread until visible: ${kind}`, ms);
  return lines;
}

function report(name, loads) {
  const all = loads.map(linesOf);
  const names = [...new Set(all.flatMap((l) => Object.keys(l)))];
  const rows = names
    .map((n) => ({ n, v: median(all.map((l) => l[n])) }))
    .filter((r) => r.v !== undefined)
    .sort((a, b) => (a.n.startsWith('main') ? 1 : 0) - (b.n.startsWith('main') ? 1 : 0) || a.v - b.v);
  console.log(`\n${name} (median of ${loads.length}, ms from navigation start)`);
  for (const r of rows) console.log(`  ${r.v.toFixed(1).padStart(8)}  ${r.n}`);
}

if (TRACE_DIR) mkdirSync(TRACE_DIR, { recursive: true });
await withStudyPages('trace-pages', async ({ browser, url, state, pages }) => {
  const variants = AB ? ['with inline scripts', 'without inline scripts'] : [''];
  for (const p of pages) {
    const loads = new Map(variants.map((v) => [v, { cold: [], warm: [] }]));
    for (let i = 0; i < RUNS; i++) {
      for (const variant of variants) {
        const context = await browser.newContext({ storageState: state });
        await context.addInitScript(FIRST_RENDER);
        await watchVisible(context, p.selector);
        // The document passes through the test in both variants, so both pay the same for it.
        if (AB)
          await context.route(url + p.path, (route) => htmlOf(route, variant === 'without inline scripts'));
        const label = `${p.name.replace(' ', '-')}-${i}${variant ? `-${variant.split(' ')[0]}` : ''}`;
        const { cold, warm } = loads.get(variant);
        cold.push(await tracedLoad(browser, context, url, p.path, p.selector, `${label}-cold`));
        warm.push(await tracedLoad(browser, context, url, p.path, p.selector, `${label}-warm`));
        await context.close();
      }
    }
    for (const [variant, { cold, warm }] of loads) {
      report(`${p.name} cold ${variant}`, cold);
      report(`${p.name} warm ${variant}`, warm);
    }
  }
});
