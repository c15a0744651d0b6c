// Pages in Chromium (playwright-core driving Debian's headless Chromium, decision 196): the built product on a
// fresh embedded data folder with the demo data, a learner signed in. For the course page and a
// lesson page: the time until their content shows, cold (empty cache) and warm (the same browser
// again), the requests to our origin cold and the hashed assets fetched again warm; the JavaScript
// Chromium loads (gzipped size of the files it fetched) for home and the lesson page; layout shift
// (CLS) while pages load; and LCP of home, my courses and a lesson under network throttling
// (about 9 Mbit/s down, 150 ms round trip, through CDP's Network.emulateNetworkConditions).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './lib/server.mjs';
import { printTable, row } from './lib/table.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
/**
 * Chromium's headless build, as the journeys use it (the full one when it is missing): the full
 * browser builds a window's own interface for every new page, and its top-chrome renderer (the
 * address bar's popup) took about a core for a second at each of the bench's loads, beside the
 * page. A page opened in a browser that is already running does not pay for that (decision 196).
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ??
  '/usr/bin/chromium';
/** Runs of each cold and warm measurement; the median is reported. */
const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 5);

export const PAGE_BUDGETS = {
  warmMs: 200,
  coldMs: 300,
  coldRequests: 20,
  warmAssetRequests: 0,
  homeJsKb: 120,
  lessonJsKb: 250,
  cls: 0.05,
  throttledLcpMs: 1500,
};
const THROTTLE = {
  offline: false,
  latency: 150,
  downloadThroughput: (9_000_000 / 8) | 0,
  uploadThroughput: (9_000_000 / 8) | 0,
};

/** CLS and LCP as the page's own PerformanceObservers see them, and when a selector first shows. */
const OBSERVERS = () => {
  const vitals = { cls: 0, lcp: 0 };
  window.__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Records in the page itself when `selector` first has a box (checked every frame from the
 * document's start): an init script, so nothing of the test tool's runs in the page while it
 * loads. Polling from the tool (`waitForFunction`) injects its script into each new page, some
 * 50 ms of the renderer's main thread between the HTML and the first paint on this machine.
 */
const WATCH_VISIBLE = (selector) => {
  const tick = () => {
    const element = document.querySelector(selector);
    const box = element?.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0) window.__visibleAt = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

/** Makes every page of `context` record when `selector` shows (read with `visibleAt`). */
export function watchVisible(context, selector) {
  return context.addInitScript(WATCH_VISIBLE, selector);
}

/**
 * The ms since navigation start at which `selector` became visible: recorded by the page when its
 * context watches it (`watchVisible`), else polled every frame from here.
 */
export async function visibleAt(page, selector) {
  const handle = await page
    .waitForFunction(
      (sel) => {
        if (window.__visibleAt !== undefined) return window.__visibleAt;
        const element = document.querySelector(sel);
        if (!element) return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 ? performance.now() : false;
      },
      selector,
      { polling: 'raf', timeout: 30_000 },
    )
    .catch(async (err) => {
      const shot = path.join(root, '.tmp', 'bench-pages-timeout.png');
      await page.screenshot({ path: shot }).catch(() => {});
      throw new Error(
        `${selector} not visible on ${page.url()} within 30 s (screenshot ${shot}): ${err.message}`,
      );
    });
  return handle.jsonValue();
}

/**
 * Opens `pagePath` and returns when its `selector` showed, asking the page only once its network
 * is idle, so that the asking does not run while it loads (the context must `watchVisible`).
 */
export async function openAndTime(page, url, pagePath, selector) {
  await page.goto(url + pagePath, { waitUntil: 'commit' });
  await page.waitForLoadState('networkidle');
  return visibleAt(page, selector);
}

/** Counts what goes over the network to `origin` (not what the memory or disk cache answers). */
async function networkLog(page, origin) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent = new Map();
  const cached = new Set();
  const bytes = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith(origin)) sent.set(e.requestId, { url: e.request.url, type: e.type });
  });
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker)
      cached.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => bytes.set(e.requestId, e.encodedDataLength));
  return {
    cdp,
    overNetwork() {
      return [...sent].filter(([id]) => !cached.has(id)).map(([, request]) => request);
    },
    scripts() {
      return [...sent.values()].filter((r) => r.type === 'Script').map((r) => new URL(r.url).pathname);
    },
  };
}

/** Gzipped KB of the scripts a page loaded (each file of dist/ once). */
function gzippedKb(paths) {
  let total = 0;
  for (const p of new Set(paths)) {
    if (!p.startsWith('/assets/')) continue;
    total += gzipSync(readFileSync(path.join(dist, p))).length;
  }
  return total / 1024;
}

export async function signIn(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/training-academy`);
  await page.waitForURL(/\/idp\//);
  await page.locator('input[name="username"]').fill('student');
  await page.locator('input[name="password"]').fill('Student@2026');
  await page.locator('form [type="submit"]').click();
  await page.waitForURL((u) => u.pathname === '/training-academy');
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Ids of a course, its first topic and lesson from the API, as the learner. */
export async function firstLesson(browser, url, state) {
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  await page.goto(`${url}/training-academy`);
  await page.locator('[data-testid="course-card"]').first().waitFor();
  const href = await page.locator('a[data-testid="course-card"]').first().getAttribute('href');
  const courseId = Number(/course\/(\d+)/.exec(href ?? '')?.[1]);
  await page.goto(`${url}/training-academy/course/${courseId}`);
  const topicHref = await page
    .locator('[data-testid="course-topics"] a[href*="/topic/"]')
    .first()
    .getAttribute('href');
  await context.close();
  return { coursePath: `/training-academy/course/${courseId}`, lessonPath: topicHref ?? '' };
}

/** One page opened `runs` times cold (a new context each) and warm (the same context again). */
async function loadTimes(browser, url, state, pagePath, selector, runs) {
  const cold = [];
  const warm = [];
  const coldRequests = [];
  const warmAssets = [];
  const cls = [];
  let scripts = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ storageState: state });
    await context.addInitScript(OBSERVERS);
    await watchVisible(context, selector);
    const page = await context.newPage();
    let log = await networkLog(page, url);
    cold.push(await openAndTime(page, url, pagePath, selector));
    coldRequests.push(log.overNetwork().length);
    cls.push(await page.evaluate(() => window.__vitals.cls));
    scripts = log.scripts();
    await log.cdp.detach();
    // Warm: the browser has been here; a new tab of the same browser opens the page again.
    const again = await context.newPage();
    log = await networkLog(again, url);
    warm.push(await openAndTime(again, url, pagePath, selector));
    warmAssets.push(log.overNetwork().filter((r) => new URL(r.url).pathname.startsWith('/assets/')).length);
    await context.close();
  }
  return {
    coldMs: median(cold),
    warmMs: median(warm),
    coldRequests: Math.max(...coldRequests),
    warmAssets: Math.max(...warmAssets),
    cls: Math.max(...cls),
    jsKb: gzippedKb(scripts),
  };
}

/** LCP with the network throttled, cold, median of the runs. */
async function throttledLcp(browser, url, state, pagePath, selector, runs) {
  const values = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ storageState: state });
    await context.addInitScript(OBSERVERS);
    await watchVisible(context, selector);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', THROTTLE);
    await openAndTime(page, url, pagePath, selector);
    // LCP is final once the page has had its content painted; read it after the network settles.
    values.push(await page.evaluate(() => window.__vitals.lcp));
    await context.close();
  }
  return median(values);
}

/**
 * The course and lesson pages of the demo data on a built server of their own, the learner signed
 * in: `use` gets the browser, the server's URL, the signed-in state and the two pages (path and
 * the selector of their content); everything is stopped and removed afterwards. The trace and
 * profile tools (trace-pages.mjs, profile-pages.mjs) load these pages their own ways.
 */
export async function withStudyPages(name, use) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `academy-${name}-`));
  const server = await startBuiltServer({
    port: Number(process.env.BENCH_PAGES_PORT ?? 3415),
    dataDir,
    env: { DEMO_DATA: 'true', DEMO_VIDEO: 'false', MEDIA_LADDER: '360' },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const url = server.url;
    const state = await signIn(browser, url);
    const { coursePath, lessonPath } = await firstLesson(browser, url, state);
    const pages = [
      { name: 'course page', path: coursePath, selector: '[data-testid="course-topics"] a' },
      { name: 'lesson page', path: lessonPath, selector: '[data-testid="lesson-title"]' },
    ];
    await use({ browser, url, state, pages });
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runPages() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-bench-pages-'));
  const server = await startBuiltServer({
    port: Number(process.env.BENCH_PAGES_PORT ?? 3415),
    dataDir,
    env: { DEMO_DATA: 'true', DEMO_VIDEO: 'false', MEDIA_LADDER: '360' },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const rows = [];
  try {
    const url = server.url;
    const state = await signIn(browser, url);
    const { coursePath, lessonPath } = await firstLesson(browser, url, state);
    const pages = [
      { name: 'home', path: '/', selector: '[data-testid="banner-carousel"]' },
      { name: 'my courses', path: '/training-academy', selector: '[data-testid="course-card"]' },
      { name: 'course page', path: coursePath, selector: '[data-testid="course-topics"] a' },
      { name: 'lesson page', path: lessonPath, selector: '[data-testid="lesson-title"]' },
    ];
    for (const p of pages) {
      const m = await loadTimes(browser, url, state, p.path, p.selector, RUNS);
      const timed = p.name === 'course page' || p.name === 'lesson page';
      if (timed) {
        rows.push(
          row({
            group: 'pages',
            scenario: `${p.name}: content visible, cold / warm (median of ${RUNS})`,
            p50: m.coldMs,
            p99: m.warmMs,
            budget: `cold ≤ ${PAGE_BUDGETS.coldMs} ms, warm ≤ ${PAGE_BUDGETS.warmMs} ms`,
            ok: m.coldMs <= PAGE_BUDGETS.coldMs && m.warmMs <= PAGE_BUDGETS.warmMs,
            note: `p50 column: cold ${Math.round(m.coldMs)} ms; p99 column: warm ${Math.round(m.warmMs)} ms`,
          }),
        );
      }
      rows.push(
        row({
          group: 'pages',
          scenario: `${p.name}: requests to our origin cold / hashed assets fetched again warm`,
          throughput: `${m.coldRequests} / ${m.warmAssets}`,
          budget: `≤ ${PAGE_BUDGETS.coldRequests} / ${PAGE_BUDGETS.warmAssetRequests}`,
          ok: m.coldRequests <= PAGE_BUDGETS.coldRequests && m.warmAssets <= PAGE_BUDGETS.warmAssetRequests,
        }),
      );
      const jsBudget =
        p.name === 'home'
          ? PAGE_BUDGETS.homeJsKb
          : p.name === 'lesson page'
            ? PAGE_BUDGETS.lessonJsKb
            : undefined;
      if (jsBudget) {
        rows.push(
          row({
            group: 'pages',
            scenario: `${p.name}: JavaScript Chromium loads, gzipped`,
            memory: `${Math.round(m.jsKb)} KB`,
            budget: `≤ ${jsBudget} KB`,
            ok: m.jsKb <= jsBudget,
          }),
        );
      }
      rows.push(
        row({
          group: 'pages',
          scenario: `${p.name}: layout shift while loading (CLS, worst of ${RUNS})`,
          memory: m.cls.toFixed(3),
          budget: `≤ ${PAGE_BUDGETS.cls}`,
          ok: m.cls <= PAGE_BUDGETS.cls,
        }),
      );
      if (p.name !== 'course page') {
        const lcp = await throttledLcp(browser, url, state, p.path, p.selector, Math.min(RUNS, 3));
        rows.push(
          row({
            group: 'pages',
            scenario: `${p.name}: LCP at 9 Mbit/s, 150 ms RTT, cold`,
            p50: lcp,
            budget: `≤ ${PAGE_BUDGETS.throttledLcpMs} ms`,
            ok: lcp <= PAGE_BUDGETS.throttledLcpMs,
          }),
        );
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    if (!process.env.BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = printTable(await runPages());
  process.exit(ok ? 0 : 1);
}
