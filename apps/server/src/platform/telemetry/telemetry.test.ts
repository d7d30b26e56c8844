import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { startSmtp } from '../../modules/auth/auth.test-support.ts';
import { createJobs, startWorkers } from '../jobs/jobs.ts';
import { createLogger } from '../logger.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { startTelemetry, type Telemetry } from './telemetry.ts';

// Issue #35 point 3: one order submit through the real app over HTTP, its traces exported by the real OTLP/HTTP
// exporter (JSON) to a receiver in this test, which parses what it gets.

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, unknown>;
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

beforeAll(async () => {
  await new Promise<void>((r) => receiver.server.listen(0, '127.0.0.1', r));
  const { port } = receiver.server.address() as AddressInfo;
  process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = `http://127.0.0.1:${port}/v1/traces`;
  process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL = 'http/json';
  process.env.OTEL_BSP_SCHEDULE_DELAY = '100';
  telemetry = await startTelemetry();
  smtp = await startSmtp();
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
    env: { SMTP_URL: smtp.url },
    deps: {
      mailer: { queue: (m, db) => mailer!.queue(m, db), deliver: (id) => mailer!.deliver(id) },
      jobs: { send: ((...a: Parameters<PgBoss['send']>) => boss.send(...a)) as PgBoss['send'] },
    },
  });
  boss = await createJobs(t.database.url, () => {});
  mailer = createMailer({ db: t.database.db, smtpUrl: smtp.url, from: 'portal@test.local', boss });
  await startWorkers(boss, { mailer, db: t.database.db }, 0.5);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await boss?.stop({ graceful: false, timeout: 1000 });
  await t?.close();
  await telemetry?.shutdown();
  await smtp?.close();
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

describe('traces (OTLP configured)', () => {
  it('shows an order submit: its route, its statements and the mail outbox job under one trace id, which its log line carries', async () => {
    expect(telemetry).not.toBeNull();
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

    const route = 'POST /api/v2.0/PlantRequests/:id/order';
    const inTrace = (traceId: string) => receiver.spans.filter((s) => s.traceId === traceId);
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
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const under = (s: ReceivedSpan, ancestor: ReceivedSpan): boolean => {
      for (let p = s.parentSpanId; p; p = byId.get(p)?.parentSpanId) if (p === ancestor.spanId) return true;
      return false;
    };
    // the submit's statements (its insert of the request) under the route's span
    const statements = trace.filter(
      (s) => s.attributes['db.system.name'] === 'postgresql' || s.attributes['db.system'] === 'postgresql',
    );
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
});
