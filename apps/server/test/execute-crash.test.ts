import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releasePorts, reservePort } from '../../../scripts/lib/ports.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

// Issue #12: the real server process (main.ts) killed (SIGKILL) in the middle of executing a request leaves the
// request either fully done or not at all — here: not at all, since the kill comes before the commit — and a
// second server executes it afterwards exactly once.

let database: TestDatabase;
const dirs: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase('demo');
});
afterAll(async () => {
  await database.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  releasePorts();
});

async function startServer(): Promise<{ proc: ChildProcess; base: string }> {
  const port = await reservePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-crash-'));
  chmodSync(dir, 0o755);
  dirs.push(dir);
  const proc = spawn(process.execPath, ['apps/server/src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      DATA_DIR: dir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/health/ready`)).ok) return { proc, base };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error('server did not become ready');
}

async function call(
  base: string,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
  headers = {},
) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

const login = async (base: string, email: string) =>
  (await call(base, null, 'POST', '/api/v2.0/Auth/login', { email, password: 'Materieel2026!' })).json
    .accessToken as string;

describe.runIf(process.platform !== 'win32')('a server killed while executing a request', () => {
  it('leaves the request planned with no order, ledger row or stock change; another server then executes it once', async () => {
    const db = database.db;
    const item = await db.execute<{ itemNo: string; depotNo: string }>(sql`
      select i.item_no as "itemNo", d.depot_no as "depotNo" from inventory v join items i on i.id = v.item_id
      join depots d on d.id = v.depot_id
      where v.plant_id is null and v.quantity >= 20 and not i.numbered and i.visible_in_catalogue and not i.blocked
        and i.rental_type = 'Verhuur'
      order by v.quantity desc, 1 limit 1`);
    const { itemNo, depotNo } = item.rows[0] as { itemNo: string; depotNo: string };
    const depotStock = async () =>
      (
        await db.execute<{ q: number }>(sql`
          select v.quantity as q from inventory v join items i on i.id = v.item_id join depots d on d.id = v.depot_id
          where i.item_no = ${itemNo} and d.depot_no = ${depotNo} and v.plant_id is null`)
      ).rows[0]?.q;

    let server = await startServer();
    try {
      const user = await login(server.base, 'uitvoerder@vandijk.nl');
      const lists = await call(server.base, user, 'GET', '/api/v2.0/OrderLists/P-24002');
      const listId = lists.json.orderLists[0].id as string;
      await call(server.base, user, 'POST', `/api/v2.0/OrderLists/P-24002/${listId}/orderlistlines`, {
        lines: [{ type: 'item', itemNo, amount: 3 }],
      });
      const day = new Date(Date.now() + 7 * 86_400_000);
      while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
      const submitted = await call(
        server.base,
        user,
        'POST',
        `/api/v2.0/PlantRequests/${listId}/order`,
        {
          deliveryDate: day.toISOString().slice(0, 10),
          addressCode: 'WA01',
          contactPerson: 'J',
          phone: '06 12345678',
        },
        { 'idempotency-key': randomUUID() },
      );
      expect(submitted.status).toBe(201);
      const id = submitted.json.id as string;
      const dept = await login(server.base, 'materieeldienst@materieelportaal.nl');
      const read = await call(server.base, dept, 'GET', `/api/v2.0/Department/requests/${id}`);
      // planned for today: a request is carried out from its planned day on (decision 0018)
      const planned = await call(server.base, dept, 'POST', `/api/v2.0/Department/requests/${id}/plan`, {
        version: read.json.version,
        plannedDate: calendarDayIn(new Date()),
        depotNo,
      });
      expect(planned.status).toBe(200);
      const before = await depotStock();

      // the execution stalls after its first ledger row is written; then the server process is killed
      await db.execute(
        sql.raw(
          `create or replace function mp_test_stall() returns trigger language plpgsql as $$ begin perform pg_sleep(3); return new; end $$`,
        ),
      );
      await db.execute(
        sql.raw(
          `create trigger mp_test_stall after insert on inventory_ledger for each row execute function mp_test_stall()`,
        ),
      );
      const today = calendarDayIn(new Date());
      const pending = call(server.base, dept, 'POST', `/api/v2.0/Department/requests/${id}/execute`, {
        version: planned.json.version,
        executedDate: today,
      }).catch(() => null);
      let pid: number | undefined;
      for (let i = 0; i < 200 && !pid; i++) {
        const r = await db.execute<{ pid: number }>(
          sql`select pid from pg_stat_activity where wait_event = 'PgSleep' and datname = current_database()`,
        );
        pid = r.rows[0]?.pid;
        if (!pid) await new Promise((res) => setTimeout(res, 50));
      }
      expect(pid).toBeDefined();
      const exited = new Promise((resolve) => server.proc.on('exit', resolve));
      server.proc.kill('SIGKILL');
      await exited;
      expect(await pending).toBeNull();
      // the backend of the killed server's transaction ends (after its sleep) and rolls back
      for (let i = 0; i < 200; i++) {
        const r = await db.execute(sql`select 1 from pg_stat_activity where pid = ${pid}`);
        if (r.rows.length === 0) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      await db.execute(sql.raw('drop trigger mp_test_stall on inventory_ledger'));
      await db.execute(sql.raw('drop function mp_test_stall()'));

      const status = await db.execute<{ status: string }>(
        sql`select status from plant_requests where id = ${id}`,
      );
      expect(status.rows[0]?.status).toBe('planned');
      const orders = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from plant_orders where request_id = ${id}`,
      );
      expect(orders.rows[0]?.n).toBe(0);
      expect(await depotStock()).toBe(before);

      // a new server executes it, once
      server = await startServer();
      const again = await login(server.base, 'materieeldienst@materieelportaal.nl');
      const fresh = await call(server.base, again, 'GET', `/api/v2.0/Department/requests/${id}`);
      const done = await call(server.base, again, 'POST', `/api/v2.0/Department/requests/${id}/execute`, {
        version: fresh.json.version,
        executedDate: today,
      });
      expect(done.status).toBe(200);
      expect(done.json.status).toBe('done');
      expect(done.json.orders).toHaveLength(1);
      expect(await depotStock()).toBe((before as number) - 3);
    } finally {
      server.proc.kill('SIGKILL');
    }
  }, 180_000);
});
