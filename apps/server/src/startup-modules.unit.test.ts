import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/*
 * What a server process loads when it starts (decision 0008 "What a server process holds besides its models"): the
 * libraries used only now and then — PDF (pdfkit, fontkit), spreadsheets (exceljs), images (sharp), mail
 * (nodemailer), HTML cleaning (sanitize-html with postcss), the demo seed, the S3 client without S3 — are loaded
 * where they are first used, not by main.ts's imports. An ordinary static import of one of them anywhere in the
 * server's graph would silently bring back their memory (exceljs alone is ~700 modules) in every process; this test
 * fails then. A cluster's primary (WEB_CONCURRENCY > 1) serves no request: it loads main.ts's own imports and
 * cluster.ts, not the app.
 * It runs in a fresh node (Vitest's own module runner would not show what node loads) with a loader hook that notes
 * every module node loads, and imports what main.ts imports (main.ts itself would start the server).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const mainSource = () => readFileSync(path.join(here, 'main.ts'), 'utf8');
const local = (relative: string) => path.join(here, relative);

/** The relative modules main.ts imports statically (every process loads them). */
function mainImports(): string[] {
  return [...mainSource().matchAll(/^import [^;]*? from '(\.\/[^']+)';$/gms)].map((m) =>
    local(m[1] as string),
  );
}

/** The relative modules main.ts imports when it runs: the primary's (cluster.ts) and the server's. */
function mainDynamicImports(): string[] {
  return [...mainSource().matchAll(/\bimport\('(\.\/[^']+)'\)/g)].map((m) => local(m[1] as string));
}

const CLUSTER = local('cluster.ts');
/** What a server process (a single one or a cluster's worker) loads: main.ts's imports and the server's module. */
const serverGraph = () => [...mainImports(), ...mainDynamicImports().filter((f) => f !== CLUSTER)];
/** What a cluster's primary loads: main.ts's imports and cluster.ts. */
const primaryGraph = () => [...mainImports(), CLUSTER];

const script = `
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';
const loaded = new Set();
registerHooks({ load(url, context, next) { loaded.add(url); return next(url, context); } });
for (const file of JSON.parse(process.argv[1])) await import(pathToFileURL(file).href);
process.stdout.write(JSON.stringify([...loaded]));
`;

async function modulesLoaded(files: string[]): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--eval', script, JSON.stringify(files)],
    { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: '' } },
  );
  return JSON.parse(stdout) as string[];
}

const packagesIn = (loaded: string[], names: string[]) =>
  names.filter((name) => loaded.some((u) => u.includes(`/node_modules/${name}/`)));

describe('modules a server process loads at start', () => {
  it('are read from main.ts: its own imports, cluster.ts for a primary and the server for the rest', () => {
    expect(mainDynamicImports()).toContain(CLUSTER);
    expect(serverGraph().length).toBeGreaterThan(mainImports().length);
  });

  it('leave out the PDF, spreadsheet, image, mail, HTML-cleaning and S3 libraries and the demo seed until they are used', async () => {
    const loaded = await modulesLoaded(serverGraph());
    // the app itself is there (so the hook saw the graph)
    expect(loaded.some((u) => u.endsWith('/apps/server/src/app.ts'))).toBe(true);
    expect(loaded.some((u) => u.includes('/node_modules/fastify/'))).toBe(true);
    // the S3 client too: the test runs without S3_BUCKET, as a server on its local disk
    const heavy = [
      'pdfkit',
      'fontkit',
      'exceljs',
      'sharp',
      '@aws-sdk/client-s3',
      'nodemailer',
      'sanitize-html',
      'postcss',
      'htmlparser2',
    ];
    expect(packagesIn(loaded, heavy)).toEqual([]);
    expect(loaded.filter((u) => u.endsWith('/apps/server/src/seed/index.ts'))).toEqual([]);
  }, 120_000);

  it("of a cluster's primary leave out the app: no routes, no modules, no Fastify, no job runner", async () => {
    const loaded = await modulesLoaded(primaryGraph());
    expect(loaded.some((u) => u.endsWith('/apps/server/src/cluster.ts'))).toBe(true);
    expect(loaded.filter((u) => u.endsWith('/apps/server/src/app.ts'))).toEqual([]);
    expect(loaded.filter((u) => u.includes('/apps/server/src/modules/'))).toEqual([]);
    expect(packagesIn(loaded, ['fastify', 'pg-boss'])).toEqual([]);
  }, 120_000);
});
