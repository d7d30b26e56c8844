// The boundary check (`npm run lint:boundaries`, .dependency-cruiser.cjs): it fails on a planted violation of each
// rule, naming the rule and the import, lets the allowed imports be, and passes on the repository's own tree.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const config = path.join(root, '.dependency-cruiser.cjs');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

function cruise(cwd: string, ...paths: string[]) {
  const r = spawnSync(process.execPath, [depcruise, ...paths, '--config', config, '--output-type', 'err'], {
    cwd,
    encoding: 'utf8',
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

/** A small tree with the shape of this repository, one violation of every rule planted in it. */
const planted: Record<string, string> = {
  'apps/web/src/features/b/api/get-b.ts': 'export const b = 1;\nexport type B = number;\n',
  // a feature importing another feature, once for a value and once for a type only
  'apps/web/src/features/a/pages/APage.tsx': "import { b } from '../../b/api/get-b';\nexport const a = b;\n",
  'apps/web/src/features/a/api/get-a.ts':
    "import type { B } from '../../b/api/get-b';\nexport const getA = (x: B): B => x;\n",
  // shared importing a feature, and the app
  'apps/web/src/shared/lib/uses-feature.ts':
    "import { b } from '../../features/b/api/get-b';\nexport const x = b;\n",
  'apps/web/src/shared/lib/uses-app.ts':
    "import { routes } from '../../app/routes';\nexport const y = routes;\n",
  'apps/web/src/app/routes.ts': 'export const routes: string[] = [];\n',
  'apps/web/src/app/theme.ts': 'export const theme = {};\n',
  // a feature importing the app; its test may (it renders with the app's theme)
  'apps/web/src/features/b/pages/BPage.tsx':
    "import { routes } from '../../../app/routes';\nexport const r = routes;\n",
  'apps/web/src/features/b/pages/BPage.test.tsx':
    "import { theme } from '../../../app/theme';\nexport const t = theme;\n",
  // shared/ui calling the API: the client, and a hook that calls it; the error type is fine
  'apps/web/src/shared/api/client.ts': 'export const api = { get: () => null };\n',
  'apps/web/src/shared/api/errors.ts': 'export class ApiError extends Error {}\n',
  'apps/web/src/shared/ordering/use-adder.ts':
    "import { api } from '../api/client';\nexport const useAdder = () => api;\n",
  'apps/web/src/shared/ui/Widget.tsx': "import { api } from '../api/client';\nexport const w = api;\n",
  'apps/web/src/shared/ui/AddButton.tsx':
    "import { useAdder } from '../ordering/use-adder';\nexport const u = useAdder;\n",
  'apps/web/src/shared/ui/ErrorView.tsx':
    "import { ApiError } from '../api/errors';\nexport const e = ApiError;\n",
  // a cycle
  'apps/web/src/shared/lib/one.ts': "import { two } from './two';\nexport const one = () => two;\n",
  'apps/web/src/shared/lib/two.ts': "import { one } from './one';\nexport const two = () => one;\n",
  // server: platform → module, another module's internals
  'apps/server/src/modules/orders/index.ts': "export { listOrders } from './orders.service.ts';\n",
  'apps/server/src/modules/orders/orders.service.ts': 'export const listOrders = () => [];\n',
  'apps/server/src/modules/stock/stock.service.ts':
    "import { listOrders } from '../orders/orders.service.ts';\nimport * as orders from '../orders/index.ts';\nexport const s = [listOrders, orders];\n",
  // server: SQL outside a query file (drizzle and a table; a type import is fine), a route and a public face
  // importing a query file
  'apps/server/src/modules/orders/orders.queries.ts':
    'export const selectOrders = () => [];\nexport type Row = {};\n',
  'apps/server/src/modules/orders/orders.routes.ts':
    "import { selectOrders } from './orders.queries.ts';\nimport type { Row } from './orders.queries.ts';\nexport const r: Row[] = selectOrders();\n",
  'apps/server/src/modules/orders/orders.legacy.ts':
    "import { sql } from 'drizzle-orm';\nimport type { SQL } from 'drizzle-orm';\nimport { orders } from '../../db/schema/index.ts';\nexport const l = [sql, orders] as unknown as SQL;\n",
  'apps/server/src/db/schema/index.ts': 'export const orders = {};\n',
  'apps/server/src/platform/http/app.ts':
    "import { listOrders } from '../../modules/orders/index.ts';\nexport const app = listOrders;\n",
  // server: a workflow reaching into a module, a module importing a workflow (and so a folder cycle:
  // modules/orders → workflows → modules/orders), and a file cycle inside one folder (types count too)
  'apps/server/src/workflows/ship.ts':
    "import { listOrders } from '../modules/orders/orders.service.ts';\nexport const ship = listOrders;\n",
  'apps/server/src/modules/orders/orders.jobs.ts':
    "import { ship } from '../../workflows/ship.ts';\nexport const jobs = [ship];\n",
  'apps/server/src/platform/files/one.ts':
    "import type { Two } from './two.ts';\nexport type One = { two?: Two };\nexport const one = 1;\n",
  'apps/server/src/platform/files/two.ts':
    "import { one } from './one.ts';\nexport type Two = number;\nexport const two = one;\n",
};

let dir = '';
let result: { status: number | null; output: string };

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mp-boundaries-'));
  for (const [file, text] of Object.entries(planted)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  result = cruise(dir, 'apps');
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const line = (severity: 'error' | 'warn', rule: string, from: string, to: string) =>
  `${severity} ${rule}: ${from} → ${to}`;

describe('boundary check', () => {
  it('fails on planted violations, naming the rule and the import', () => {
    expect(result.status).not.toBe(0);
    const o = result.output;
    const w = 'apps/web/src/';
    expect(o).toContain(
      line(
        'error',
        'web-feature-to-feature',
        `${w}features/a/pages/APage.tsx`,
        `${w}features/b/api/get-b.ts`,
      ),
    );
    expect(o).toContain(
      line('error', 'web-feature-to-feature', `${w}features/a/api/get-a.ts`, `${w}features/b/api/get-b.ts`),
    );
    expect(o).toContain(
      line(
        'error',
        'web-shared-to-features-or-app',
        `${w}shared/lib/uses-feature.ts`,
        `${w}features/b/api/get-b.ts`,
      ),
    );
    expect(o).toContain(
      line('error', 'web-shared-to-features-or-app', `${w}shared/lib/uses-app.ts`, `${w}app/routes.ts`),
    );
    expect(o).toContain(
      line('error', 'web-feature-to-app', `${w}features/b/pages/BPage.tsx`, `${w}app/routes.ts`),
    );
    expect(o).toContain(
      line('error', 'web-ui-calls-api', `${w}shared/ui/Widget.tsx`, `${w}shared/api/client.ts`),
    );
    expect(o).toContain(
      line('error', 'web-ui-calls-api', `${w}shared/ui/AddButton.tsx`, `${w}shared/ordering/use-adder.ts`),
    );
    expect(o).toMatch(/error web-no-cycles: apps\/web\/src\/shared\/lib\/(one|two)\.ts → /);
    const s = 'apps/server/src/';
    expect(o).toContain(
      line(
        'error',
        'server-platform-imports-module',
        `${s}platform/http/app.ts`,
        `${s}modules/orders/index.ts`,
      ),
    );
    expect(o).toContain(
      line(
        'error',
        'server-module-internals',
        `${s}modules/stock/stock.service.ts`,
        `${s}modules/orders/orders.service.ts`,
      ),
    );
  });

  it('keeps workflows above the modules, and no cycles of files or folders on the server', () => {
    const o = result.output;
    const s = 'apps/server/src/';
    expect(o).toContain(
      line(
        'error',
        'server-outside-reaches-into-module',
        `${s}workflows/ship.ts`,
        `${s}modules/orders/orders.service.ts`,
      ),
    );
    expect(o).toContain(
      line(
        'error',
        'server-workflow-from-module',
        `${s}modules/orders/orders.jobs.ts`,
        `${s}workflows/ship.ts`,
      ),
    );
    expect(o).toMatch(/error server-no-folder-cycles: apps\/server\/src\/(workflows|modules\/orders) → /);
    expect(o).toMatch(/error server-no-file-cycles: apps\/server\/src\/platform\/files\/(one|two)\.ts → /);
    // a file's cycle is not a folder's: platform/files depends on nothing round about
    expect(o).not.toMatch(/server-no-folder-cycles: apps\/server\/src\/platform\/files/);
  });

  it('keeps SQL in query files and query files behind the services', () => {
    const o = result.output;
    const s = 'apps/server/src/';
    expect(o).toMatch(
      /error server-sql-in-query-files: apps\/server\/src\/modules\/orders\/orders\.legacy\.ts → \S*drizzle-orm/,
    );
    expect(o).toContain(
      line(
        'error',
        'server-sql-in-query-files',
        `${s}modules/orders/orders.legacy.ts`,
        `${s}db/schema/index.ts`,
      ),
    );
    expect(o).toContain(
      line(
        'error',
        'server-query-files-behind-services',
        `${s}modules/orders/orders.routes.ts`,
        `${s}modules/orders/orders.queries.ts`,
      ),
    );
    // the query file itself, and a type-only import, are fine
    expect(o).not.toContain('orders.queries.ts → ');
    expect(o.match(/server-query-files-behind-services/g)).toHaveLength(1);
  });

  it('lets the allowed imports be', () => {
    const o = result.output;
    expect(o).not.toContain('shared/ui/ErrorView.tsx');
    expect(o).not.toContain('BPage.test.tsx');
    expect(o).not.toContain(`stock.service.ts → apps/server/src/modules/orders/index.ts`);
    expect(o).not.toContain('modules/orders/index.ts → ');
  });

  it("passes on the repository's tree", () => {
    const real = cruise(root, 'apps', 'packages');
    expect(real.output).toMatch(/\(0 errors, \d+ warnings\)|no dependency violations found/);
    expect(real.status).toBe(0);
  }, 60_000);
});
