// The user import (issue #14 part 6, docs/decisions/0023): 5,000 new users in one CSV file — the preview (every row
// checked), then the import (one transaction, in the background, polled as the page does) timed with the server's
// resident memory sampled while it runs; then the same file again (all unchanged, nothing written). The users are
// removed afterwards, so every run imports anew. Needs no scale: it runs on the demo data at any --scale.
// Then the spreadsheet of issue #31 item 2: the preview of a 370,000-row XLSX of about 5 MB (≈ 42 MiB unpacked),
// alone and three at once, with the server's resident memory and the latency of /health/live asked meanwhile.

import { workbook } from '../../apps/server/src/platform/files/testing.ts';
import { rssMiB } from './invoices.ts';
import type { Result } from './load.ts';
import type { BenchContext } from './reads.ts';
import { log } from './server.ts';

export const IMPORT_ROWS = 5000;

export async function usersImportScenario(c: BenchContext, adminToken: string): Promise<Result[]> {
  log('users import…');
  const run = Date.now().toString(36);
  const header = 'email;name;language;kind;customer;locations';
  const rows = Array.from(
    { length: IMPORT_ROWS },
    (_, i) =>
      `bench-${run}-${i}@infranoord.nl;Bench ${i};${['nl', 'en', 'fr', 'de'][i % 4]};external;K-10112;P-24009; P-24010:administration`,
  );
  const content = Buffer.from([header, ...rows].join('\n')).toString('base64');
  const pid = c.serverPid;
  if (!pid) throw new Error('the users import bench needs the server process');

  const t0 = performance.now();
  const preview = await c.api('POST', '/api/v2.0/Users/import/preview', adminToken, { content });
  const previewMs = performance.now() - t0;
  if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${JSON.stringify(preview.json)}`);

  async function importOnce(): Promise<{
    ms: number;
    before: number;
    peak: number;
    job: Record<string, number>;
  }> {
    const before = rssMiB(pid as number);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(pid as number));
    }, 25);
    const start = performance.now();
    const r = await c.api('POST', '/api/v2.0/Users/import', adminToken, { content });
    if (r.status !== 202) throw new Error(`import: ${r.status} ${JSON.stringify(r.json)}`);
    let job: Record<string, unknown> = {};
    for (;;) {
      job = (await c.api('GET', `/api/v2.0/Users/import/${r.json.id}`, adminToken)).json;
      if (job.state !== 'running') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    const ms = performance.now() - start;
    clearInterval(sampler);
    peak = Math.max(peak, rssMiB(pid as number));
    if (job.state !== 'done') throw new Error(`import ended ${JSON.stringify(job).slice(0, 500)}`);
    return { ms, before, peak, job: job as Record<string, number> };
  }

  const first = await importOnce();
  const again = await importOnce();
  const figure =
    `users import of ${IMPORT_ROWS} new users (CSV ${(content.length / 1024 / 1.37).toFixed(0)} KiB): preview ${(previewMs / 1000).toFixed(2)} s; ` +
    `import ${(first.ms / 1000).toFixed(2)} s (created ${first.job.created}), server RSS ${first.before.toFixed(0)} → peak ${first.peak.toFixed(0)} MiB (+${(first.peak - first.before).toFixed(0)}); ` +
    `same file again ${(again.ms / 1000).toFixed(2)} s (unchanged ${again.job.unchanged}, created ${again.job.created}, updated ${again.job.updated})`;
  log(figure);
  c.notes.push(figure);
  await c.pool.query(`delete from users where email like $1`, [`bench-${run}-%`]);
  await largeWorkbookScenario(c, adminToken);
  return [];
}

export const LARGE_WORKBOOK_ROWS = 370_000;

/**
 * The preview of a workbook far beyond the row limit (the audit's file: 370,000 rows, 4.9 MB): the time to its
 * answer, the server's RSS peak, and /health/live asked one after another while it runs (each answer's latency).
 * Then three such previews at once.
 */
async function largeWorkbookScenario(c: BenchContext, adminToken: string): Promise<void> {
  const pid = c.serverPid as number;
  log(`users import: building a ${LARGE_WORKBOOK_ROWS}-row workbook…`);
  const rows = [
    ['email', 'name'],
    ...Array.from({ length: LARGE_WORKBOOK_ROWS }, (_, i) => [`u${i}@infranoord.nl`, `U ${i}`]),
  ];
  const bytes = workbook({ sheet: rows });
  const content = bytes.toString('base64');

  async function previews(n: number) {
    const before = rssMiB(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(pid));
    }, 25);
    const start = performance.now();
    let pending = n;
    const answers = Array.from({ length: n }, () =>
      c.api('POST', '/api/v2.0/Users/import/preview', adminToken, { content }).then((r) => {
        pending--;
        return { ...r, ms: performance.now() - start };
      }),
    );
    const health: number[] = [];
    while (pending > 0) {
      const t0 = performance.now();
      const r = await fetch(`http://127.0.0.1:${c.port}/health/live`);
      await r.arrayBuffer();
      health.push(performance.now() - t0);
    }
    const done = await Promise.all(answers);
    clearInterval(sampler);
    peak = Math.max(peak, rssMiB(pid));
    const sorted = [...health].sort((a, b) => a - b);
    const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const max = sorted[sorted.length - 1] ?? 0;
    return { done, before, peak, p50, max, count: health.length };
  }

  const describe = (r: Awaited<ReturnType<typeof previews>>) =>
    `${r.done.map((d) => `${d.status} ${d.json?.code ?? ''} after ${(d.ms / 1000).toFixed(2)} s`.replace('  ', ' ')).join(', ')}; ` +
    `server RSS ${r.before.toFixed(0)} → peak ${r.peak.toFixed(0)} MiB (+${(r.peak - r.before).toFixed(0)}); ` +
    `/health/live meanwhile ×${r.count}: p50 ${r.p50.toFixed(0)} ms, max ${r.max.toFixed(0)} ms`;
  const one = await previews(1);
  const figure1 = `users import preview of a ${LARGE_WORKBOOK_ROWS}-row XLSX (${(bytes.length / 1e6).toFixed(2)} MB): ${describe(one)}`;
  log(figure1);
  c.notes.push(figure1);
  const three = await previews(3);
  const figure3 = `three such previews at once: ${describe(three)}`;
  log(figure3);
  c.notes.push(figure3);
}
