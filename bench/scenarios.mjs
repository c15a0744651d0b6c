// The public site and the signed-in basics on the large data set: what the home page asks the API
// for (bench/run-site.mjs), the news list with a search, one article, the current user and the
// users page. Latencies in ms, autocannon with 10 connections against one server process on
// PostgreSQL, on the 2-core machine; budgets leave headroom for a loaded machine.
const API = '/services/core/api';

/** `serviceId`: a service with bench news; `newsId`: one of its articles. */
export function siteScenarios({ serviceId, newsId }) {
  return [
    // No longer a static file: the page's title, description and preview picture are read from
    // the home page and introduction (two queries) and written into the HTML.
    {
      name: 'web app index (/) with its meta tags',
      path: '/',
      auth: false,
      budget: { p99: 50, minRps: 300 },
    },
    // The home page's API calls (apps/web/src/features/home/HomePage.tsx and the layout).
    { name: 'home: sign-in config', path: `${API}/config`, auth: false, budget: { p99: 50, minRps: 500 } },
    {
      name: 'home: banners, popup, footer',
      path: `${API}/homepage`,
      auth: false,
      budget: { p99: 50, minRps: 300 },
    },
    {
      name: 'home: featured courses',
      path: `${API}/course?required=true`,
      auth: false,
      budget: { p99: 50, minRps: 300 },
    },
    {
      name: 'home: outstanding news',
      path: `${API}/outstandingnews?outstanding=true`,
      auth: false,
      budget: { p99: 50, minRps: 300 },
    },
    { name: 'home: services', path: `${API}/trademarks`, auth: false, budget: { p99: 50, minRps: 300 } },
    {
      name: 'home: current user (signed in)',
      path: `${API}/users/info`,
      auth: true,
      budget: { p99: 50, minRps: 300 },
    },
    {
      name: 'news list of a service (20k news)',
      path: `${API}/searchnews?tradeMarkId=${serviceId}&page=0&size=12&sort=id,desc`,
      auth: false,
      budget: { p99: 50, minRps: 300 },
    },
    {
      name: 'news search "bench" (20k news)',
      path: `${API}/searchnews?tradeMarkId=${serviceId}&q=bench&page=0&size=12&sort=id,desc`,
      auth: false,
      budget: { p99: 100, minRps: 150 },
    },
    // The header's search box (issue 22): every kind in one statement of trigram-indexed pieces.
    {
      name: 'search "router", learner (5k lessons and documents, 20k news and Q&A)',
      path: `${API}/search?q=router`,
      auth: 'student',
      budget: { p99: 100, minRps: 100 },
    },
    {
      name: 'search with typos "bnech netwrok", learner',
      path: `${API}/search?q=bnech%20netwrok`,
      auth: 'student',
      budget: { p99: 100, minRps: 100 },
    },
    {
      name: 'search "bench", public (courses, news, recruitment)',
      path: `${API}/search?q=bench`,
      auth: false,
      budget: { p99: 100, minRps: 100 },
    },
    { name: 'news article', path: `${API}/news/${newsId}`, auth: false, budget: { p99: 50, minRps: 300 } },
    {
      name: 'users page (10k users, search)',
      path: `${API}/users?page=3&size=20&q=bench&sort=fullName,asc`,
      auth: true,
      budget: { p99: 250, minRps: 40 },
    },
  ];
}

/** The server's resident memory after the request groups (exports and import included). */
export const MEMORY_BUDGET_MB = 400;

/** Issue 21: the server's peak RSS and PSS while the site and study loads run, on PostgreSQL. */
export const LOAD_RSS_BUDGET_MB = 300;
export const LOAD_PSS_BUDGET_MB = 300;
