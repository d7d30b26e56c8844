/**
 * Boundaries checked by `npm test` (step `boundaries`, script `lint:boundaries`).
 *
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
const serverTests = '(\\.test\\.ts|\\.test-support\\.ts)$|^apps/server/test/';

module.exports = {
  forbidden: [
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
      name: 'server-no-folder-cycles',
      comment: 'No two server folders depend on each other, directly or round about (tests left out).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/' },
      to: { path: '^apps/server/src/', circular: true },
    },
  ],
  options: {
    // Tests may import anything; leaving them out also keeps them out of the folder graph.
    exclude: { path: serverTests },
    doNotFollow: { path: 'node_modules' },
    // TypeScript 7 has no compiler API for dependency-cruiser to use; swc parses the .ts files.
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
