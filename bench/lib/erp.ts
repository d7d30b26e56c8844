// The ERP connector (issue #33, decision 0027) against the fake Business Central (tools/fake-bc) at the bench's
// scale, the server run with ERP=business-central and its job runner (the sync's jobs and the outbox's worker):
//   erp-sync    a full sync of the catalogue (categories, their translations, items, rental data, item
//               translations, technical attributes and data: 43,300 items and 173,200 translations at scale 100):
//               time, rows/s, the server's peak RSS while it runs (pages are streamed: memory stays bounded)
//   erp-delta   100 items whose Dutch description changes in the ERP: the time from the change to all 100 visible
//               to readers (GET Items and the quick search), with the delta queued directly (POST Erp/sync, as a
//               webhook's notification queues it); target <= 2 s
//   erp-outbox  N requests waiting in the outbox delivered to the fake (find by number + deep insert each):
//               messages/s and the CPU per message of the server and PostgreSQL; target >= 200/s
// The fake runs in the bench's process, without its rate limit (BC's own limits are the ERP's, not the portal's).
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { type FakeBc, startFakeBc } from '../../tools/fake-bc/src/index.ts';
import { rssMiB } from './invoices.ts';
import { type BenchContext, indexFigures } from './reads.ts';
import type { TargetCheck } from './report.ts';
import { type Api, log } from './server.ts';

export const ERP_SCENARIOS = ['erp-sync', 'erp-delta', 'erp-outbox'] as const;

/** The catalogue's entities, in the order of a whole sync. */
const CATALOGUE = [
  'categories',
  'categoryTranslations',
  'items',
  'rentalItems',
  'itemTranslations',
  'technicalAttributes',
  'itemTechnicalData',
] as const;

/** The fake's collection each is read from (business-central/entities.ts). */
const ERP_SET: Record<(typeof CATALOGUE)[number], string> = {
  categories: 'rentalCategories',
  categoryTranslations: 'categoryTranslations',
  items: 'items',
  rentalItems: 'rentalItems',
  itemTranslations: 'itemTranslations',
  technicalAttributes: 'technicalAttributes',
  itemTechnicalData: 'itemTechnicalData',
};

const DELTA_ITEMS = 100;
const OUTBOX_MESSAGES = 2000;

/** The fake at the bench's scale (its catalogue; the history, customers and sites at the demo's scale). */
export async function startBenchErp(scale: number): Promise<FakeBc> {
  const t0 = performance.now();
  const fake = await startFakeBc({ scale, historyScale: 1, rateLimit: null });
  // why: the fake stamps every seeded record with the moment it started; a real ERP's records were changed over
  // years, so the catalogue's latest change is one record, a minute after the rest — else the first delta after a
  // full run re-reads every record within the connector's overlap of its high-water mark (all of them here)
  fake.control.advanceClock(60_000);
  for (const e of CATALOGUE) fake.control.touch(ERP_SET[e], { count: 1 });
  log(
    `fake Business Central on ${fake.url} at scale ${scale} (${((performance.now() - t0) / 1000).toFixed(1)} s to start)`,
  );
  return fake;
}

/** The server's environment for the ERP scenarios: the fake's sign-in, the job runner on, no schedule, no webhooks. */
export function erpServerEnv(fake: FakeBc): Record<string, string> {
  return {
    ERP: 'business-central',
    BC_AUTHORITY_URL: fake.authorityUrl,
    JOBS_ENABLED: 'true',
    ERP_POLL_SECONDS: '0',
    ERP_WEBHOOKS: 'off',
  };
}

/** The connection settings (as an admin saves them on the settings page). */
export async function connectErp(api: Api, adminToken: string, fake: FakeBc): Promise<void> {
  const r = await api('PUT', '/api/v2.0/Settings/integraties', adminToken, {
    stringValues: {
      BusinessCentral_Url: `${fake.url}/v2.0/${fake.tenant}/${fake.environment}`,
      BusinessCentral_Tenant: fake.tenant,
      BusinessCentral_Company: fake.companyId,
      BusinessCentral_ClientId: fake.clientId,
      BusinessCentral_ClientSecret: fake.clientSecret,
    },
  });
  if (r.status !== 204) throw new Error(`saving the ERP settings: ${r.status} ${JSON.stringify(r.json)}`);
}

type EntityState = {
  entity: string;
  running: boolean;
  lastRunStartedAt: string | null;
  lastRunFinishedAt: string | null;
  pages: number;
  upserted: number;
  deleted: number;
  skipped: number;
  total: number | null;
  read: number;
  lastError: { code: string; message: string; at: string | null } | null;
};

async function syncStates(api: Api, token: string): Promise<Map<string, EntityState>> {
  const r = await api('GET', '/api/v2.0/Erp/sync', token);
  if (r.status !== 200) throw new Error(`GET Erp/sync: ${r.status}`);
  return new Map((r.json.entities as EntityState[]).map((e) => [e.entity, e]));
}

/**
 * Queues a run of the entities and waits until each has finished one that started at or after `since`. A run that
 * fails is retried by its job (with backoff), as in the product: its errors are logged, and only the timeout ends the
 * wait.
 */
async function runSync(
  api: Api,
  token: string,
  entities: readonly string[],
  since: number,
  timeoutMs: number,
  pollMs: number,
): Promise<Map<string, EntityState>> {
  const r = await api('POST', '/api/v2.0/Erp/sync', token, { entities });
  if (r.status !== 200) throw new Error(`POST Erp/sync: ${r.status} ${JSON.stringify(r.json)}`);
  const until = Date.now() + timeoutMs;
  const seen = new Set<string>();
  while (Date.now() < until) {
    const states = await syncStates(api, token);
    for (const e of entities) {
      const error = states.get(e)?.lastError;
      const key = `${e} ${error?.at} ${error?.code}`;
      if (error && Date.parse(error.at ?? '') >= since && !seen.has(key)) {
        seen.add(key);
        log(`  the sync of ${e} failed (its job tries again): ${error.message}`);
      }
    }
    const finished = entities.every((e) => {
      const s = states.get(e);
      return (
        s &&
        !s.running &&
        s.lastRunStartedAt !== null &&
        Date.parse(s.lastRunStartedAt) >= since - 1000 &&
        s.lastRunFinishedAt !== null
      );
    });
    if (finished) return states;
    await sleep(pollMs);
  }
  throw new Error(`the sync of ${entities.join(', ')} did not end within ${timeoutMs / 1000} s`);
}

/**
 * What an earlier run of the bench left on the job queue (a sync that failed waits for its retry) would run against
 * that run's fake: removed, and a run still going waited for.
 */
async function clearErpJobs(c: BenchContext): Promise<void> {
  for (let i = 0; i < 600; i++) {
    // (again after a run that was going ends: a failed one waits for its retry)
    await c.pool.query(`delete from pgboss.job where name = 'erp.sync' and state in ('created', 'retry')`);
    const r = await c.pool.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'erp.sync' and state = 'active'`,
    );
    if ((r.rows[0]?.n ?? 0) === 0) return;
    await sleep(500);
  }
}

/** erp-sync: a full sync of the catalogue from the fake. */
async function fullSync(
  c: BenchContext,
  fake: FakeBc,
  adminToken: string,
  scale: number,
  targets: TargetCheck[],
) {
  log('erp: full sync of the catalogue…');
  // a full run every time: without its checkpoints the sync starts from nothing (the rows are found by their ERP
  // key, or by their number the first time)
  await c.pool.query('delete from erp_sync_state where entity = any($1)', [CATALOGUE]);
  const pid = c.serverPid;
  if (!pid) throw new Error('the ERP bench needs the server process');
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 25);
  const cpu = c.cpu?.snapshot();
  const t0 = Date.now();
  let states: Map<string, EntityState>;
  try {
    states = await runSync(c.api, adminToken, CATALOGUE, t0, 30 * 60_000, 250);
  } finally {
    clearInterval(sampler);
  }
  const wall = (Date.now() - t0) / 1000;
  peak = Math.max(peak, rssMiB(pid));
  const used = cpu && c.cpu ? c.cpu.since(cpu) : null;
  let rows = 0;
  const parts: string[] = [];
  for (const e of CATALOGUE) {
    const s = states.get(e)!;
    const n = s.read;
    rows += n;
    const seconds =
      (Date.parse(s.lastRunFinishedAt ?? '') - Date.parse(s.lastRunStartedAt ?? '')) / 1000 || 0;
    parts.push(`${e} ${n} rows in ${seconds.toFixed(1)} s (${s.pages} pages, ${s.upserted} changed)`);
  }
  const counts = fake.control.counts();
  const erpRows = CATALOGUE.reduce((sum, e) => sum + (counts[ERP_SET[e]] ?? 0), 0);
  const figure =
    `ERP full sync of the catalogue (scale ${scale}): ${rows} rows (the ERP holds ${erpRows}) in ${wall.toFixed(1)} s = ` +
    `${(rows / wall).toFixed(0)} rows/s; server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MiB ` +
    `(+${(peak - before).toFixed(0)})` +
    (used
      ? `; CPU server ${(used.server / 1000).toFixed(1)} s, PostgreSQL ${(used.postgres / 1000).toFixed(1)} s`
      : '');
  log(figure);
  c.notes.push(figure, `  per entity: ${parts.join('; ')}`);
  targets.push({
    target: 'ERP full sync of the catalogue: every row of the ERP arrives',
    measured: `${rows} of ${erpRows} rows, ${(rows / wall).toFixed(0)} rows/s, peak RSS ${peak.toFixed(0)} MiB`,
    pass: rows === erpRows,
  });
}

/** Item cards of these numbers as a reader gets them (GET Items, 50 at a time): their Dutch descriptions. */
async function descriptions(api: Api, token: string, itemNos: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < itemNos.length; i += 50) {
    const r = await api(
      'GET',
      `/api/v2.0/Items?itemNos=${encodeURIComponent(itemNos.slice(i, i + 50).join(','))}`,
      token,
      undefined,
      { 'accept-language': 'nl-NL' },
    );
    if (r.status !== 200) throw new Error(`GET Items: ${r.status}`);
    for (const card of r.json.items as { itemNo: string; description: string }[])
      out.set(card.itemNo, card.description);
  }
  return out;
}

/** erp-delta: 100 items change in the ERP; the time until readers see all of them. */
async function delta(
  c: BenchContext,
  fake: FakeBc,
  adminToken: string,
  synced: boolean,
  targets: TargetCheck[],
) {
  log('erp: a delta of 100 changed items…');
  // the catalogue caught up with this fake (its records are new to a portal that synced an earlier run's fake),
  // unless erp-sync just did it: the delta then reads only what changed since
  if (!synced) await runSync(c.api, adminToken, CATALOGUE, Date.now(), 30 * 60_000, 500);
  const word = `bench${Date.now().toString(36)}`;
  // 100 items spread over the catalogue, each with its Dutch translation
  const dutch = fake.control
    .list('itemTranslations', { filter: "languageCode eq 'NLD'" })
    .filter((_, i) => i % 401 === 0)
    .slice(0, DELTA_ITEMS);
  if (dutch.length < DELTA_ITEMS) throw new Error('too few items in the fake for the delta bench');
  const chosen = dutch.map((d) => String(d.itemNumber));
  // a few seconds on: the changes lie after the last run's high-water mark and its overlap
  fake.control.advanceClock(5000);
  const c0 = performance.now();
  for (const d of dutch)
    fake.control.update('itemTranslations', String(d.id), {
      description: `${String(d.description).replace(/ bench\w+$/, '')} ${word}`,
    });
  // from the last change on
  const t0 = performance.now();
  const changed = t0 - c0;
  const since = Date.now();
  const queued = await c.api('POST', '/api/v2.0/Erp/sync', adminToken, { entities: ['itemTranslations'] });
  if (queued.status !== 200) throw new Error(`POST Erp/sync: ${queued.status}`);
  const queuedAt = performance.now() - t0;
  // readers: the item cards and the quick search, every 50 ms
  let visibleAt = Number.NaN;
  let searchAt = Number.NaN;
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline && (Number.isNaN(visibleAt) || Number.isNaN(searchAt))) {
    if (Number.isNaN(visibleAt)) {
      const seen = await descriptions(c.api, c.token, chosen);
      if (chosen.every((no) => seen.get(no)?.endsWith(word))) visibleAt = performance.now() - t0;
    }
    if (Number.isNaN(searchAt)) {
      const r = await c.api(
        'GET',
        `/api/v2.0/Search/quicksearch?query=${encodeURIComponent(word)}&locale=nl-NL`,
        c.token,
      );
      if (r.status === 200 && JSON.stringify(r.json).includes(word)) searchAt = performance.now() - t0;
    }
    if (Number.isNaN(visibleAt) || Number.isNaN(searchAt)) await sleep(50);
  }
  const run = (await syncStates(c.api, adminToken)).get('itemTranslations');
  const runSeconds =
    run?.lastRunStartedAt && run.lastRunFinishedAt
      ? (Date.parse(run.lastRunFinishedAt) - Date.parse(run.lastRunStartedAt)) / 1000
      : Number.NaN;
  const pickup = run?.lastRunStartedAt ? (Date.parse(run.lastRunStartedAt) - since) / 1000 : Number.NaN;
  const figure =
    `ERP delta of ${DELTA_ITEMS} changed items: all visible in GET Items after ${(visibleAt / 1000).toFixed(2)} s, ` +
    `in the quick search after ${(searchAt / 1000).toFixed(2)} s, counted from the last change (the 100 changes in ` +
    `the fake took ${changed.toFixed(0)} ms; queued at ${(queuedAt / 1000).toFixed(2)} s; the job started ` +
    `${pickup.toFixed(2)} s after the change and ran ${runSeconds.toFixed(2)} s: ${run?.read ?? '?'} rows read of ` +
    `${run?.total ?? '?'}, ${run?.upserted ?? '?'} changed)`;
  log(figure);
  c.notes.push(figure);
  // what a reader waits for after any catalogue change: the in-process read models built again (decision 0008)
  c.notes.push(...(await indexFigures(c.pgPort)).map((n) => `  after a catalogue change, ${n}`));
  targets.push({
    target: `ERP delta of ${DELTA_ITEMS} items visible to readers <= 2 s`,
    measured: `${(Math.max(visibleAt, searchAt) / 1000).toFixed(2)} s`,
    pass: Math.max(visibleAt, searchAt) <= 2000,
  });
}

/** A rental request as the portal writes it (outbox.messages.ts RequestPayload), with three lines. */
function requestPayload(requestNo: string, locationNo: string, itemNos: string[]) {
  return {
    requestNo,
    kind: 'order',
    locationNo,
    requestedDate: '2026-12-01',
    expectedReturnDate: '2026-12-31',
    transportMeans: null,
    collect: false,
    rush: false,
    destinationKind: 'work_address',
    depotNo: null,
    targetLocationNo: null,
    destination: {
      addressCode: null,
      name: 'Bouwplaats',
      street: 'Stationsweg 4',
      postcode: '3511 AB',
      city: 'Utrecht',
      contactPerson: 'Anna Bos',
      phone: '06 98 76 54 32',
    },
    origin: null,
    transport: null,
    transportItemNo: null,
    appointmentCode: null,
    rushItemNo: null,
    commentCode: null,
    reference: 'Bench',
    comment: 'Graag voor 10 uur',
    requestedBy: 'uitvoerder@vandijk.nl',
    requestedAt: new Date().toISOString(),
    lines: itemNos.map((itemNo, i) => ({
      lineNo: i + 1,
      parentLineNo: null,
      itemNo,
      setNo: null,
      plantNo: null,
      amount: i + 1,
      comment: null,
    })),
  };
}

/** erp-outbox: N requests waiting in the outbox, released at once; the worker delivers them to the fake. */
async function outbox(c: BenchContext, fake: FakeBc, targets: TargetCheck[]) {
  log(`erp: the outbox delivering ${OUTBOX_MESSAGES} requests…`);
  const [location] = fake.control.list('projectLocations', { top: 1 });
  const itemNos = fake.control.list('items', { top: 3 }).map((i) => String(i.number));
  const run = Date.now().toString(36).toUpperCase();
  // nothing else in the way: what earlier runs left waiting is set aside
  await c.pool.query(`update erp_outbox set status = 'dead' where status in ('waiting', 'sending')`);
  await c.pool.query(
    `insert into erp_outbox (kind, document_no, aggregate_kind, aggregate_id, payload, next_attempt_at)
     select 'request', $1 || lpad(i::text, 5, '0'), 'plant_request', gen_random_uuid(),
       jsonb_set($2::jsonb, '{requestNo}', to_jsonb($1 || lpad(i::text, 5, '0'))), now() + interval '1 day'
     from generate_series(1, $3::int) i`,
    [`B${run}-`, JSON.stringify(requestPayload('', String(location?.number), itemNos)), OUTBOX_MESSAGES],
  );
  const like = `B${run}-%`;
  const cpu = c.cpu?.snapshot();
  const own = process.cpuUsage();
  const t0 = performance.now();
  await c.pool.query('update erp_outbox set next_attempt_at = now() where document_no like $1', [like]);
  let done = { sent: 0, dead: 0 };
  const deadline = performance.now() + 10 * 60_000;
  while (performance.now() < deadline) {
    const r = await c.pool.query<{ sent: number; dead: number }>(
      `select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'dead')::int as dead
       from erp_outbox where document_no like $1`,
      [like],
    );
    done = r.rows[0] ?? done;
    if (done.sent + done.dead >= OUTBOX_MESSAGES) break;
    await sleep(100);
  }
  const wall = (performance.now() - t0) / 1000;
  const used = cpu && c.cpu ? c.cpu.since(cpu) : null;
  const fakeCpu = process.cpuUsage(own);
  const span = await c.pool.query<{ seconds: number }>(
    `select extract(epoch from max(sent_at) - min(last_attempt_at))::float8 as seconds
     from erp_outbox where document_no like $1 and status = 'sent'`,
    [like],
  );
  const seconds = span.rows[0]?.seconds ?? Number.NaN;
  const inFake = fake.control.list('rentalRequests', {
    filter: `startswith(externalDocumentNumber,'B${run}-')`,
  });
  const rate = done.sent / seconds;
  const figure =
    `ERP outbox: ${done.sent} of ${OUTBOX_MESSAGES} requests delivered (${done.dead} dead; ${inFake.length} in the fake) ` +
    `in ${seconds.toFixed(2)} s from the first try to the last answer = ${rate.toFixed(0)} messages/s ` +
    `(${wall.toFixed(2)} s from the release, the worker's wake-up included)` +
    (used
      ? `; CPU per message: server ${(used.server / done.sent).toFixed(2)} ms + PostgreSQL ${(used.postgres / done.sent).toFixed(2)} ms` +
        ` (the fake, in the bench's process: ${((fakeCpu.user + fakeCpu.system) / 1000 / done.sent).toFixed(2)} ms)`
      : '');
  log(figure);
  c.notes.push(figure);
  targets.push({
    target: 'ERP outbox >= 200 requests/s to the ERP',
    measured: `${rate.toFixed(0)} messages/s (${done.dead} dead)`,
    pass: rate >= 200 && done.sent === OUTBOX_MESSAGES,
  });
}

/** The ERP scenarios chosen in `only`, in the order full sync, delta, outbox. */
export async function erpScenarios(
  c: BenchContext,
  fake: FakeBc,
  adminToken: string,
  only: Set<string>,
  scale: number,
): Promise<TargetCheck[]> {
  const targets: TargetCheck[] = [];
  await clearErpJobs(c);
  if (only.has('erp-sync')) await fullSync(c, fake, adminToken, scale, targets);
  if (only.has('erp-delta')) await delta(c, fake, adminToken, only.has('erp-sync'), targets);
  if (only.has('erp-outbox')) await outbox(c, fake, targets);
  return targets;
}
