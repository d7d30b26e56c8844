// Boundaries between areas, checked by `npm run lint:boundaries` (a step of `npm test`), CONVENTIONS 9 and 17.
// Paths are relative to the folder the check runs in (the repository root). scripts/boundaries.test.ts plants a
// violation of each rule and shows the check fails, naming the rule.

const web = '^apps/web/src/';
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

    // ── server ─────────────────────────────────────────────────────────────────────────────────────────
    // The server's rules (CONVENTIONS 15: each module's public face is its index.ts; platform/ never knows the
    // modules; no cycles) go here. They warn until the server's restructure has landed, then become errors.
    {
      name: 'server-platform-to-modules',
      comment: 'platform/ is infrastructure: it never imports a module (the modules register with it).',
      severity: 'warn',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-module-internals',
      comment: "A module uses another module only through that module's index.ts.",
      severity: 'warn',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'server-no-cycles',
      comment: 'No import cycles in the server.',
      severity: 'warn',
      from: { path: '^apps/server/src/' },
      to: { path: '^apps/server/src/', circular: true },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API for dependency-cruiser: swc parses the sources, type-only imports
    // included (so tsPreCompilationDeps, a setting of the tsc parser, is not needed)
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '^apps/server/src/db/migrations/'] },
    moduleSystems: ['es6'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
