// The webhooks scenario (issue #37 point 4, decision 0032): `--only webhooks`. An endpoint for all customers points
// at a receiver in the bench's process (the server runs with WEBHOOKS_ALLOW_LOOPBACK); 1,000 events with their
// deliveries are written as the areas write them (due in a day), released at once, and the server's worker signs and
// sends them. Printed: the rate from the first try to the last answer, and the CPU per delivery (server and
// PostgreSQL, and the receiver in the bench's process).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchContext } from './reads.ts';
import type { TargetCheck } from './report.ts';

export const WEBHOOK_EVENTS = 1000;

const log = (m: string) => process.stdout.write(`${m}\n`);

/** The worker runs (the job runner on) and may call the receiver on 127.0.0.1. */
export const webhooksServerEnv = { WEBHOOKS_ALLOW_LOOPBACK: 'true', JOBS_ENABLED: 'true' };

export async function webhooksScenario(c: BenchContext, adminToken: string): Promise<TargetCheck[]> {
  let received = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bench`;
  try {
    const res = await fetch(`http://127.0.0.1:${c.port}/api/v2.0/Webhooks/endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        url,
        description: 'bench',
        eventTypes: ['location.registered'],
        customerId: null,
      }),
    });
    if (res.status !== 201) throw new Error(`register endpoint: ${res.status} ${await res.text()}`);
    const { endpoint } = (await res.json()) as { endpoint: { id: string } };
    log(`webhooks: fanning out ${WEBHOOK_EVENTS} events to a local receiver…`);
    // the events as emitWebhookEvent writes them (a location's data), due in a day until released
    await c.pool.query(
      `with l as (select id, customer_id, location_no from plant_locations order by location_no limit 1),
        e as (
          insert into webhook_events (type, customer_id, data)
          select 'location.registered', l.customer_id,
            jsonb_build_object('locationId', l.id, 'locationNo', l.location_no, 'n', i)
          from l, generate_series(1, $1::int) i
          returning id)
       insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at)
       select e.id, $2::uuid, now() + interval '1 day' from e`,
      [WEBHOOK_EVENTS, endpoint.id],
    );
    const cpu = c.cpu?.snapshot();
    const own = process.cpuUsage();
    const t0 = performance.now();
    await c.pool.query('update webhook_deliveries set next_attempt_at = now() where endpoint_id = $1', [
      endpoint.id,
    ]);
    let done = { delivered: 0, failed: 0 };
    const deadline = performance.now() + 5 * 60_000;
    while (performance.now() < deadline) {
      const r = await c.pool.query<{ delivered: number; failed: number }>(
        `select count(*) filter (where status = 'delivered')::int as delivered,
           count(*) filter (where status = 'failed' or attempts > 0 and status = 'pending')::int as failed
         from webhook_deliveries where endpoint_id = $1`,
        [endpoint.id],
      );
      done = r.rows[0] ?? done;
      if (done.delivered + done.failed >= WEBHOOK_EVENTS) break;
      await sleep(100);
    }
    const wall = (performance.now() - t0) / 1000;
    const used = cpu && c.cpu ? c.cpu.since(cpu) : null;
    const receiverCpu = process.cpuUsage(own);
    const span = await c.pool.query<{ seconds: number }>(
      `select extract(epoch from max(a.at) - min(a.at - a.duration_ms * interval '1 millisecond'))::float8 as seconds
       from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = $1`,
      [endpoint.id],
    );
    const seconds = span.rows[0]?.seconds ?? Number.NaN;
    const rate = done.delivered / seconds;
    const figure =
      `webhooks: ${done.delivered} of ${WEBHOOK_EVENTS} events delivered (${done.failed} failed; the receiver got ${received}) ` +
      `in ${seconds.toFixed(2)} s from the first try to the last answer = ${rate.toFixed(0)} events/s ` +
      `(${wall.toFixed(2)} s from the release, the worker's wake-up included)` +
      (used
        ? `; CPU per delivery: server ${(used.server / done.delivered).toFixed(2)} ms + PostgreSQL ${(used.postgres / done.delivered).toFixed(2)} ms` +
          ` (the receiver, in the bench's process: ${((receiverCpu.user + receiverCpu.system) / 1000 / done.delivered).toFixed(2)} ms)`
        : '');
    log(figure);
    c.notes.push(figure);
    // the endpoint goes with its log
    await fetch(`http://127.0.0.1:${c.port}/api/v2.0/Webhooks/endpoints/${endpoint.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    return [
      {
        target: `webhooks: ${WEBHOOK_EVENTS} events fanned out and delivered, signed, to a local receiver`,
        measured: `${rate.toFixed(0)} events/s (${done.failed} failed)`,
        pass: done.delivered === WEBHOOK_EVENTS,
      },
    ];
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}
