// Each scenario is one request pattern with its budget. Latencies are in milliseconds, measured
// by autocannon over loopback against one server process on the embedded database (PGlite),
// on the 2-core machine CI uses. Budgets leave headroom for a loaded CI machine.
export const SCENARIOS = [
  { name: 'health', path: '/health', auth: false, budget: { p99: 50, minRps: 500 } },
  { name: 'public config', path: '/services/core/api/config', auth: false, budget: { p99: 50, minRps: 500 } },
  {
    name: 'services (public)',
    path: '/services/core/api/trademarks',
    auth: false,
    budget: { p99: 80, minRps: 300 },
  },
  {
    name: 'current user',
    path: '/services/core/api/users/info',
    auth: true,
    budget: { p99: 100, minRps: 200 },
  },
  {
    name: 'users page (5k users, search)',
    path: '/services/core/api/users?page=3&size=20&q=bench&sort=fullName,asc',
    auth: true,
    budget: { p99: 250, minRps: 40 },
  },
  { name: 'web app index', path: '/', auth: false, budget: { p99: 50, minRps: 500 } },
];

/** The server's resident memory after the whole run must stay under this. */
export const MEMORY_BUDGET_MB = 400;
