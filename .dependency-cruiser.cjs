/**
 * Module boundaries of the API (docs/architecture.md "Modules") and of the web app's features,
 * checked by `npm run lint:deps` (part of `npm run lint` and of CI). Known violations of the time
 * the rules came in are listed in .dependency-cruiser-known-violations.json and tolerated; every
 * new one fails. Regenerate that file only to shrink it: `npm run lint:deps:baseline`.
 */
const NOT_TESTS = '(\\.test\\.ts|/test-support\\.ts|/testing\\.ts|/test-fixtures\\.ts)$';
/** The study module's two learner queries that read the courses module's tables (decision 74). */
const STUDY_READS_COURSES = '^apps/api/src/modules/study/(tree|my-courses)\\.ts$';
const WEB = '^apps/web/src/';

module.exports = {
  forbidden: [
    {
      name: 'no-foreign-tables',
      comment:
        "A module never queries another module's tables: it calls that module's service through its index.ts. " +
        "(A table definition may reference another module's table for a foreign key.)",
      severity: 'error',
      from: {
        path: '^apps/api/src/modules/([^/]+)/',
        pathNot: ['/tables\\.ts$', NOT_TESTS, STUDY_READS_COURSES],
      },
      to: { path: '^apps/api/src/modules/([^/]+)/tables\\.ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'module-public-entry',
      comment:
        "A module imports another module only through that module's index.ts (tables.ts: see table-references).",
      severity: 'error',
      from: {
        path: '^apps/api/src/modules/([^/]+)/',
        pathNot: [NOT_TESTS, '/tables\\.ts$', STUDY_READS_COURSES],
      },
      to: {
        path: '^apps/api/src/modules/([^/]+)/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'study-reads-courses-only',
      comment:
        "study/tree.ts and study/my-courses.ts read the courses module's tables in the learner's prepared " +
        "queries (docs/decisions/0074); nothing else of another module's but its index.ts.",
      severity: 'error',
      from: { path: STUDY_READS_COURSES },
      to: {
        path: '^apps/api/src/modules/',
        pathNot: ['^apps/api/src/modules/(study/|courses/tables\\.ts$|[^/]+/index\\.ts$)'],
      },
    },
    {
      name: 'table-references',
      comment:
        "A table definition may reference another module's table for a foreign key, through that module's " +
        'tables.ts (its index.ts does not export tables, so services cannot reach them); nothing else of it.',
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/tables\\.ts$' },
      to: {
        path: '^apps/api/src/modules/([^/]+)/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/(index|tables)\\.ts$'],
      },
    },
    {
      name: 'platform-knows-no-module',
      comment: 'platform/ is below the modules: it never imports one.',
      severity: 'error',
      from: { path: '^apps/api/src/platform/', pathNot: NOT_TESTS },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycles: break one with an event or by moving the shared piece down.',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: NOT_TESTS },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-composition-below',
      comment:
        'The composition level (app.ts, main.ts, schema.ts, demo/) is above every module and platform/: ' +
        'neither imports it. demo/ may write the tables of every module (docs/decisions/0067).',
      severity: 'error',
      from: {
        path: '^apps/api/src/(modules|platform)/',
        pathNot: NOT_TESTS,
      },
      to: { path: '^apps/api/src/((app|main|schema)\\.ts|demo/)' },
    },
    {
      name: 'web-feature-public-entry',
      comment:
        "A web feature imports another feature only through that feature's index.ts (its public file); " +
        'app/ (routes, layout) composes features and may import their pages directly.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: {
        path: `${WEB}features/([^/]+)/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'web-shared-knows-no-feature',
      comment:
        'components/ and lib/ are below the features and the app shell: they import neither. ' +
        'What they need from above comes in as props, hook parameters or a context the app provides.',
      severity: 'error',
      from: { path: `${WEB}(components|lib)/` },
      to: { path: `${WEB}(features|app)/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/dist/|\\.test\\.ts$)' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
