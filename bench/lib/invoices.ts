// The invoices (issue #13 parts 1 and 3, docs/decisions/0022): the invoice list of the busiest location (GET
// SalesInvoices, 25 per page) under load, and one invoicing run of a whole month over every location (POST
// Department/invoicing-runs), timed once with the server's resident memory sampled while it runs. The month is
// six months back (the demo's history began in it; the demo's own invoices do not cover it); what an earlier
// bench run invoiced for it is deleted first, so every run makes the month's documents anew.
import { readFileSync } from 'node:fs';
import type { Result } from './load.ts';
import { type BenchContext, httpScenario } from './reads.ts';
import { log } from './server.ts';

export const INVOICE_LIST = 'invoice list of the busiest location (GET SalesInvoices, 25 per page), HTTP';
const TEMPLATE_USER = 'uitvoerder@vandijk.nl';

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

function monthBack(n: number): string {
  const d = new Date();
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1));
  return `${m.getUTCFullYear()}-${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
}

export async function invoiceScenarios(
  c: BenchContext,
  userToken: string,
  departmentToken: string,
): Promise<Result[]> {
  log('invoices…');
  const busiest = await c.pool.query<{ location_no: string; n: number }>(
    `select l.location_no, count(*)::int as n from sales_invoices s join plant_locations l on l.id = s.location_id
     join location_memberships m on m.location_id = l.id join users u on u.id = m.user_id
     where u.email = $1 group by 1 order by 2 desc limit 1`,
    [TEMPLATE_USER],
  );
  const loc = busiest.rows[0]?.location_no;
  if (!loc) throw new Error('no invoices for the invoice bench');
  c.notes.push(`invoice list: location ${loc} with ${busiest.rows[0]?.n} documents`);
  const list = await httpScenario(
    c,
    INVOICE_LIST,
    (_w, i) => `/api/v2.0/SalesInvoices?plantLocation=${loc}&page=${(i % 2) + 1}`,
    userToken,
  );

  const month = monthBack(6);
  const from = `${month}-01`;
  await c.pool.query(
    `delete from sales_invoices s where s.period_from = $1::date and s.applies_to_invoice_id is null
       and not exists (select 1 from sales_invoices c where c.applies_to_invoice_id = s.id)`,
    [from],
  );
  const [{ n: ledgerRows }] = (
    await c.pool.query<{ n: number }>('select count(*)::int as n from inventory_ledger')
  ).rows;
  const pid = c.serverPid;
  if (!pid) throw new Error('the invoice bench needs the server process');
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 25);
  const t0 = performance.now();
  const r = await c.api('POST', '/api/v2.0/Department/invoicing-runs', departmentToken, { month });
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB(pid));
  if (r.status !== 200) throw new Error(`invoicing run: ${r.status} ${JSON.stringify(r.json)}`);
  const made = r.json as { locations: number; created: Array<{ lineCount: number }>; skipped: number };
  const lines = made.created.reduce((s, d) => s + d.lineCount, 0);
  const figure = `invoicing run of ${month} over every location: ${(ms / 1000).toFixed(2)} s for ${made.locations} locations, ${made.created.length} documents with ${lines} lines (${ledgerRows} ledger rows); server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MiB (+${(peak - before).toFixed(0)})`;
  log(figure);
  c.notes.push(figure);
  // a second run of the month makes nothing
  const again = await c.api('POST', '/api/v2.0/Department/invoicing-runs', departmentToken, { month });
  c.notes.push(
    `second run of ${month}: ${again.json?.created?.length ?? '?'} documents made, ${again.json?.skipped ?? '?'} skipped`,
  );
  return [list];
}
