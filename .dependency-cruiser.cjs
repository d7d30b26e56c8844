/*
 * Server shape (apps/server/src):
 *   platform/        technical building blocks (db, http, auth and access checks, files, mail, jobs);
 *                    never imports a module or a workflow: what it needs from one (e.g. the settings) is
 *                    handed in through Deps or the service context.
 *   modules/<area>/  one business area; other code uses it only through its public face
 *                    modules/<area>/index.ts. Everything else in the folder is private.
 *   workflows/       steps that span areas, composing the areas' public services (medusa's workflows).
 *   db/schema/       the tables; seed/ may read and write them directly.
 * Tests (*.test.ts, *.test-support.ts) and apps/server/test/** may reach into internals.
 */
// Boundaries between areas, checked by `npm run lint:boundaries` (a step of `npm test`), CONVENTIONS 9 and 17.
// Paths are relative to the folder the check runs in (the repository root). scripts/boundaries.test.ts plants a
// violation of each rule and shows the check fails, naming the rule.

const web = '^apps/web/src/';
// Server tests (*.test.ts, *.test-support.ts, apps/server/test/**) may reach into internals: left out.
const serverTests = '(\\.test\\.ts|\\.test-support\\.ts)$|^apps/server/test/';
const notTests = '[.]test[.]tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // ── web (CONVENTIONS "Web" 9: imports flow app → features → shared) ─────────────────────────────
    {
      name: 'web-feature-to-feature',
      comment:
        'A feature never imports another feature. What several features need lives in shared/ (API operations in ' +
        'shared/api, UI in shared/ui, models in shared/catalogue, cross-feature hooks in shared/ordering).',
      severity: 'error',
      from: { path: `${web}features/([^/]+)/` },
      to: { path: `${web}features/[^/]+/`, pathNot: `${web}features/$1/` },
    },
    {
      name: 'web-shared-to-features-or-app',
      comment:
        'shared/ is the bottom layer: it never imports a feature or the app (shell, routes, providers).',
      severity: 'error',
      from: { path: `${web}shared/` },
      to: { path: `${web}(features|app)/` },
    },
    {
      name: 'web-feature-to-app',
      comment:
        'Features do not import the app (shell, routes, guards); the app composes them. Tests may render a ' +
        "feature with the app's theme.",
      severity: 'error',
      from: { path: `${web}features/`, pathNot: notTests },
      to: { path: `${web}app/` },
    },
    {
      name: 'web-ui-calls-api',
      comment:
        'shared/ui holds UI only: no API operation, no API client, no hook that calls the API (shared/ordering). ' +
        'A component gets data and actions through its props. The error type (shared/api/errors.ts) is allowed: ' +
        'error views and dialogs show ApiErrors, and it calls nothing.',
      severity: 'error',
      from: { path: `${web}shared/ui/` },
      to: { path: `${web}shared/(api|ordering)/`, pathNot: `${web}shared/api/errors[.]ts$` },
    },
    {
      name: 'web-no-cycles',
      comment: 'No import cycles in the web app.',
      severity: 'error',
      from: { path: web },
      to: { path: web, circular: true },
    },

    // ── server (CONVENTIONS 15: each module's public face is its index.ts; platform/ never knows the modules) ──
    {
      name: 'server-platform-imports-module',
      comment:
        'platform/ is below the business areas: it never imports modules/ or workflows/. Hand it what it ' +
        'needs (a settings reader, say) through Deps or the service context (Ctx).',
      severity: 'error',
      from: { path: '^apps/server/src/platform/', pathNot: serverTests },
      to: { path: '^apps/server/src/(modules|workflows)/' },
    },
    {
      name: 'server-module-internals',
      comment:
        "A module uses another module only through that module's public face, modules/<area>/index.ts. " +
        'Tests may import internals.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: serverTests },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-outside-reaches-into-module',
      comment:
        'Code outside modules/ (workflows, app.ts, main.ts, seed) uses a module only through its ' +
        'index.ts; modules/index.ts (the route registry) likewise. Tests may import internals.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: [serverTests, '^apps/server/src/modules/[^/]+/'] },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'server-workflow-from-module',
      comment: 'Workflows compose modules, not the other way round: a module never imports a workflow.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/', pathNot: serverTests },
      to: { path: '^apps/server/src/workflows/' },
    },
    {
      name: 'server-sql-in-query-files',
      comment:
        "SQL lives in query files (*.queries.ts): a module's or a workflow's other files never import drizzle-orm " +
        'or the tables (a type aside); they call query functions. Tests may.',
      severity: 'error',
      from: { path: '^apps/server/src/(modules|workflows)/', pathNot: ['[.]queries[.]ts$', serverTests] },
      to: {
        path: ['(^|/)drizzle-orm(/|$)', '^apps/server/src/db/schema/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-query-files-behind-services',
      comment:
        "Routes, legacy handlers and a module's public face (index.ts) never import a query file (a type aside): " +
        'routes call one service function, and other areas take steps, not queries.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/[^/]+/([^/]+[.](routes|legacy)|index)[.]ts$' },
      to: { path: '[.]queries[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-no-file-cycles',
      comment:
        'No two server files depend on each other, directly or round about (type-only imports count: a cycle of ' +
        'types is still two files that cannot be understood one without the other; tests left out).',
      severity: 'error',
      from: { path: '^apps/server/src/' },
      to: { path: '^apps/server/src/', circular: true },
    },
    {
      name: 'server-no-folder-cycles',
      comment: 'No two server folders depend on each other, directly or round about (tests left out).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/' },
      to: { path: '^apps/server/src/', circular: true },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API for dependency-cruiser: swc parses the sources, type-only imports
    // included (so tsPreCompilationDeps, a setting of the tsc parser, is not needed)
    parser: 'swc',
    // why: packages stay in the graph, unfollowed, so a rule can name one (server-sql-in-query-files: drizzle-orm)
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '^apps/server/src/db/migrations/', serverTests] },
    moduleSystems: ['es6'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
