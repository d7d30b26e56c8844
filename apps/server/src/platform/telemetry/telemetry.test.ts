import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBc, startFakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { startSmtp } from '../../modules/auth/auth.test-support.ts';
import { startErpOutbox } from '../../modules/erp/index.ts';
import { loadSettings } from '../../modules/settings/index.ts';
import { createJobs, startWorkers } from '../jobs/jobs.ts';
import { createLogger } from '../logger.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { startTelemetry, type Telemetry } from './telemetry.ts';

// Issue #35 point 3: one order submit through the real app over HTTP, its traces exported by the real OTLP/HTTP
// exporter (JSON) to a receiver in this test, which parses what it gets. The ERP is the fake Business Central
// (tools/fake-bc), so the submit also writes an ERP outbox message, delivered by the outbox's worker.

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string }[];
}

/** An OTLP/HTTP receiver: POST /v1/traces with an ExportTraceServiceRequest as JSON. */
function startReceiver() {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (
        req.method !== 'POST' ||
        req.url !== '/v1/traces' ||
        req.headers['content-type'] !== 'application/json'
      ) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      for (const rs of body.resourceSpans ?? [])
        for (const ss of rs.scopeSpans ?? [])
          for (const s of ss.spans ?? [])
            spans.push({
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId || undefined,
              name: s.name,
              attributes: Object.fromEntries(
                (s.attributes ?? []).map((a: { key: string; value: Record<string, unknown> }) => [
                  a.key,
                  Object.values(a.value)[0],
                ]),
              ),
              links: (s.links ?? []).map((l: { traceId: string; spanId: string }) => ({
                traceId: l.traceId,
                spanId: l.spanId,
              })),
            });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, spans };
}

const receiver = startReceiver();
const logLines: Record<string, unknown>[] = [];
let telemetry: Telemetry | null;
let t: TestApp;
let boss: PgBoss;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let base: string;
let fake: FakeBc;

beforeAll(async () => {
  await new Promise<void>((r) => receiver.server.listen(0, '127.0.0.1', r));
  const { port } = receiver.server.address() as AddressInfo;
  process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = `http://127.0.0.1:${port}/v1/traces`;
  process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL = 'http/json';
  process.env.OTEL_BSP_SCHEDULE_DELAY = '100';
  telemetry = await startTelemetry();
  smtp = await startSmtp();
  fake = await startFakeBc({ rateLimit: null });
  const erpDefaults = {
    url: `${fake.url}/v2.0/${fake.tenant}/${fake.environment}`,
    tenant: fake.tenant,
    company: fake.companyId,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    authorityUrl: fake.authorityUrl,
  };
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _enc, done) {
        logLines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  // the app's mailer and job queue are pg-boss's, made once the app's database exists
  let mailer: Mailer | null = null;
  t = await createTestApp({
    logger: logger as FastifyBaseLogger,
    env: { SMTP_URL: smtp.url, ERP: 'business-central', BC_AUTHORITY_URL: fake.authorityUrl },
    deps: {
      erpDefaults,
      mailer: {
        queue: (m, db) => mailer!.queue(m, db),
        outboxRows: (m) => mailer!.outboxRows(m),
        scheduled: (ids) => mailer!.scheduled(ids),
        deliver: (id) => mailer!.deliver(id),
      },
      jobs: { send: ((...a: Parameters<PgBoss['send']>) => boss.send(...a)) as PgBoss['send'] },
    },
  });
  boss = await createJobs(t.database.url, () => {});
  mailer = createMailer({ db: t.database.db, smtpUrl: smtp.url, from: 'portal@test.local', boss });
  await startWorkers(boss, { mailer, db: t.database.db }, 0.5);
  await startErpOutbox(boss, {
    config: t.deps.config,
    db: t.database.db,
    loadSettings,
    erpDefaults,
    clock: () => new Date(),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await boss?.stop({ graceful: false, timeout: 1000 });
  await t?.close();
  await telemetry?.shutdown();
  await smtp?.close();
  await fake?.close();
  receiver.server.close();
  delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
});

async function call(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: token,
      'idempotency-key': randomUUID(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** An order of one item on P-24002, submitted over HTTP by its site manager: the request's id and number. */
async function submitOrder(): Promise<{ id: string; requestNo: string }> {
  const { authorization } = await t.auth('uitvoerder@vandijk.nl');
  const item = await t.database.db.execute<{ itemNo: string }>(sql`
      select i.item_no as "itemNo" from inventory v join items i on i.id = v.item_id
      where v.plant_id is null and v.quantity >= 20 and not i.numbered and i.visible_in_catalogue and not i.blocked
        and i.rental_type = 'Verhuur'
      order by v.quantity desc, 1 limit 1`);
  const lists = await call(authorization, 'GET', '/api/v2.0/OrderLists/P-24002');
  const listId = (lists.json as { orderLists: { id: string }[] }).orderLists[0].id;
  const added = await call(authorization, 'POST', `/api/v2.0/OrderLists/P-24002/${listId}/orderlistlines`, {
    lines: [{ type: 'item', itemNo: item.rows[0].itemNo, amount: 2 }],
  });
  expect(added.status).toBeLessThan(300);
  const day = new Date(Date.now() + 7 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  const since = smtp.mails.length;
  const submitted = await call(authorization, 'POST', `/api/v2.0/PlantRequests/${listId}/order`, {
    deliveryDate: day.toISOString().slice(0, 10),
    addressCode: 'WA01',
    contactPerson: 'J',
    phone: '06 12345678',
  });
  expect(submitted.status).toBe(201);
  await smtp.waitFor(null, () => true, since);
  return submitted.json as { id: string; requestNo: string };
}

const route = 'POST /api/v2.0/PlantRequests/:id/order';
const inTrace = (traceId: string) => receiver.spans.filter((s) => s.traceId === traceId);
/** Whether `ancestor` is a parent (or its parent, ...) of `s` among the received spans. */
function under(s: ReceivedSpan, ancestor: ReceivedSpan): boolean {
  const byId = new Map(inTrace(s.traceId).map((x) => [x.spanId, x]));
  for (let p = s.parentSpanId; p; p = byId.get(p)?.parentSpanId) if (p === ancestor.spanId) return true;
  return false;
}
const isStatement = (s: ReceivedSpan) =>
  s.attributes['db.system.name'] === 'postgresql' || s.attributes['db.system'] === 'postgresql';

describe('traces (OTLP configured)', () => {
  it('shows an order submit: its route, its statements and the mail outbox job under one trace id, which its log line carries', async () => {
    expect(telemetry).not.toBeNull();
    await submitOrder();

    await expect
      .poll(
        async () => {
          await telemetry?.flush();
          const server = receiver.spans.find((s) => s.name === route);
          return server ? inTrace(server.traceId).map((s) => s.name) : [];
        },
        { timeout: 30_000, interval: 200 },
      )
      .toEqual(expect.arrayContaining([route, 'send mail-send', 'process mail-send', 'smtp send']));

    const server = receiver.spans.find((s) => s.name === route) as ReceivedSpan;
    expect(server.attributes['http.route']).toBe('/api/v2.0/PlantRequests/:id/order');
    expect(server.attributes['http.response.status_code']).toBe(201);
    const trace = inTrace(server.traceId);
    // the submit's statements (its insert of the request) under the route's span
    const statements = trace.filter(isStatement);
    expect(statements.filter((s) => under(s, server)).length).toBeGreaterThan(3);
    // the mail outbox job: its span continues the trace, its statements and the SMTP call under it
    const job = trace.find((s) => s.name === 'process mail-send') as ReceivedSpan;
    expect(under(job, server)).toBe(true);
    expect(statements.some((s) => under(s, job))).toBe(true);
    expect(under(trace.find((s) => s.name === 'smtp send') as ReceivedSpan, job)).toBe(true);

    // the log line of that request carries the same trace id
    const completed = logLines.find(
      (l) => l.msg === 'request completed' && (l.res as { statusCode?: number })?.statusCode === 201,
    );
    expect(completed?.trace_id).toBe(server.traceId);
  });

  it("joins the ERP outbox's delivery of an order submit (its calls to the ERP) to the submit's trace", async () => {
    const { requestNo } = await submitOrder();
    const delivery = () =>
      receiver.spans.find(
        (s) => s.name === 'erp-outbox deliver' && s.attributes['erp.document_no'] === requestNo,
      );
    // the drain after the submit delivers it (the worker drains every few seconds)
    await expect
      .poll(
        async () => {
          await telemetry?.flush();
          const d = delivery();
          return d ? inTrace(d.traceId).filter((s) => s.attributes['url.full']).length : 0;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBeGreaterThan(0);
    const deliver = delivery() as ReceivedSpan;
    expect(deliver.attributes['erp.outbox.outcome']).toBe('sent');
    // in the submit's trace, under its route span (the row carried the context of the transaction that wrote it)
    const server = inTrace(deliver.traceId).find((s) => s.name === route) as ReceivedSpan;
    expect(server).toBeDefined();
    expect(under(deliver, server)).toBe(true);
    expect(inTrace(deliver.traceId).filter((s) => isStatement(s) && under(s, server)).length).toBeGreaterThan(
      3,
    );
    // its HTTP calls to the fake ERP under it
    const calls = inTrace(deliver.traceId).filter(
      (s) => String(s.attributes['url.full'] ?? '').startsWith(fake.url) && under(s, deliver),
    );
    expect(calls.length).toBeGreaterThan(0);
    // linked to the drain job that delivered it, whose own statements (the claim) stay in the drain's trace
    const drainOf = async () => {
      await telemetry?.flush();
      return receiver.spans.find(
        (s) => s.name === 'process erp-outbox' && deliver.links.some((l) => l.spanId === s.spanId),
      );
    };
    // (the drain's span ends after its batch is recorded)
    await expect.poll(drainOf, { timeout: 30_000 }).toBeDefined();
    const drain = (await drainOf()) as ReceivedSpan;
    expect(drain.traceId).not.toBe(deliver.traceId);
    expect(inTrace(drain.traceId).some((s) => isStatement(s) && under(s, drain))).toBe(true);
    // each drain is a trace of its own, not a chain through the next drain it queues (one every few seconds)
    const drainTraces = async () => {
      await telemetry?.flush();
      return receiver.spans.filter((s) => s.name === 'process erp-outbox').map((s) => s.traceId);
    };
    await expect.poll(async () => (await drainTraces()).length, { timeout: 30_000 }).toBeGreaterThan(1);
    const traces = await drainTraces();
    expect(new Set(traces).size).toBe(traces.length);
  });
});
