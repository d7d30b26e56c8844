import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/*
 * What a server process loads when it starts (decision 0008 "RSS per process"): the libraries used only now and then
 * — PDF (pdfkit, fontkit), spreadsheets (exceljs), images (sharp), the demo seed, the S3 client without S3 — are
 * loaded where they are first used, not by main.ts's imports. An ordinary static import of one of them anywhere in
 * the server's graph would silently bring back their memory (exceljs alone is ~700 modules) in every process; this
 * test fails then.
 * It runs in a fresh node (Vitest's own module runner would not show what node loads) with a loader hook that notes
 * every module node loads, and imports what main.ts imports (main.ts itself would start the server).
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** The relative modules main.ts imports statically. */
function mainImports(): string[] {
  const source = readFileSync(path.join(here, 'main.ts'), 'utf8');
  return [...source.matchAll(/^import [^;]*? from '(\.\/[^']+)';$/gms)].map((m) =>
    path.join(here, m[1] as string),
  );
}

const script = `
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';
const loaded = new Set();
registerHooks({ load(url, context, next) { loaded.add(url); return next(url, context); } });
for (const file of JSON.parse(process.argv[1])) await import(pathToFileURL(file).href);
process.stdout.write(JSON.stringify([...loaded]));
`;

async function modulesLoadedAtStart(): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--eval', script, JSON.stringify(mainImports())],
    { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: '' } },
  );
  return JSON.parse(stdout) as string[];
}

describe('modules a server process loads at start', () => {
  it('are read from main.ts (the app, the cluster, the database …)', () => {
    const files = mainImports().map((f) => path.relative(here, f));
    expect(files).toContain('app.ts');
    expect(files).toContain('cluster.ts');
  });

  it('leave out the PDF, spreadsheet, image and S3 libraries and the demo seed until they are used', async () => {
    const loaded = await modulesLoadedAtStart();
    // the app itself is there (so the hook saw the graph)
    expect(loaded.some((u) => u.endsWith('/apps/server/src/app.ts'))).toBe(true);
    expect(loaded.some((u) => u.includes('/node_modules/fastify/'))).toBe(true);
    // the S3 client too: the test runs without S3_BUCKET, as a server on its local disk
    const heavy = ['pdfkit', 'fontkit', 'exceljs', 'sharp', '@aws-sdk/client-s3'];
    const found = heavy.filter((name) => loaded.some((u) => u.includes(`/node_modules/${name}/`)));
    expect(found).toEqual([]);
    expect(loaded.filter((u) => u.endsWith('/apps/server/src/seed/index.ts'))).toEqual([]);
  }, 120_000);
});
