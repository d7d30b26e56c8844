// The write scenarios' baselines (issue #34): the same rows the HTTP add-a-line and submit write, written bare
// through `pg` at the same concurrency, on the server's own connection path (its Unix socket), measured in the
// same run. What the server adds on top — access checks, rules, reading the list, the answer — is the difference.
//   add a line: one statement (the list row touched, a new line), as the server's write (order-lists.add.queries.ts)
//               without its read; a list is emptied untimed every RING adds, as in the HTTP scenario.
//   submit:     one transaction: the idempotency key, the request with its 3 lines and first history row (the
//               server's own statement, requests.queries.ts), the list emptied (order-lists.submit.queries.ts),
//               the confirmation mail's outbox row (a copy of the one the HTTP run wrote), the stored answer.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { emptyOrderList } from '../../apps/server/src/modules/order-lists/order-lists.submit.queries.ts';
import {
  insertRequestWithLines,
  type NewRequest,
  type NewRequestLine,
} from '../../apps/server/src/modules/requests/requests.queries.ts';
import { statement } from '../../apps/server/src/platform/db/prepared.ts';
import { CpuTally } from './cpu.ts';
import { closedLoop, type Result, type Sample, summarise } from './load.ts';
import type { BenchContext } from './reads.ts';
import { ADD_LINE_SQL, SUBMIT_SQL } from './report.ts';

export interface BareList {
  id: string;
}

export interface BareSetup {
  /** Where the server reaches PostgreSQL (DATA_DIR/pg-socket), or the TCP port's host. */
  host: string;
  /** lists[worker][k], as the HTTP scenarios use them; [0] takes the adds. */
  lists: BareList[][];
  itemNos: string[];
  ring: number;
}

// the texts of platform/http/idempotency.ts and platform/mail/mailer.ts (their statements are not exported)
const insertKey = statement(`insert into idempotency_keys (user_id, key, scope, request_hash)
  values ($1::uuid, $2::text, $3::text, $4::text) on conflict do nothing returning key`);
const storeAnswer =
  statement(`update idempotency_keys set response_status = $3::int, response_body = $4::jsonb
  where user_id = $1::uuid and key = $2::text returning response_body as body`);
const insertOutbox = statement(`insert into mail_outbox (type, locale, "to", subject, html, text, status)
  values ($1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text) returning id`);
const addLine = statement(`
  with touched as (update order_lists set updated_at = $2::timestamptz where id = $1::uuid returning id)
  insert into order_list_lines (id, order_list_id, parent_line_id, kind, item_id, set_id, amount, comment, sort)
  select $3::uuid, t.id, null, 'item', $4::uuid, null, $5::int, null, $6::int from touched t`);

type Client = pg.PoolClient;
const run = (client: Client, st: { name: string; text: string }, values: unknown[]) =>
  client.query({ name: st.name, text: st.text, values });
/** What the server's statement functions take: a node-postgres client behind a Drizzle-like face (prepared.ts). */
const asDb = (client: Client) => ({ $client: client }) as never;

async function withClients<T>(
  c: BenchContext,
  s: BareSetup,
  work: (clients: Client[], pool: pg.Pool) => Promise<T>,
): Promise<T> {
  const pool = new pg.Pool({
    host: s.host,
    port: c.pgPort,
    user: 'postgres',
    password: 'postgres',
    database: 'materieelportaal',
    // one per connection, held for the run, and one for the set-up's statements
    max: c.connections + 1,
  });
  const clients = await Promise.all(Array.from({ length: c.connections }, () => pool.connect()));
  try {
    return await work(clients, pool);
  } finally {
    for (const client of clients) client.release();
    await pool.end();
  }
}

async function itemIds(pool: pg.Pool, itemNos: string[]): Promise<string[]> {
  const r = await pool.query<{ id: string; no: string }>(
    'select id, item_no as no from items where item_no = any($1::text[])',
    [itemNos],
  );
  const byNo = new Map(r.rows.map((x) => [x.no, x.id]));
  return itemNos.map((no) => byNo.get(no) as string);
}

/** Add a line bare: one statement per add, a new line each time, the list emptied untimed every `ring` adds. */
export async function bareAddLineScenario(c: BenchContext, s: BareSetup): Promise<Result> {
  return withClients(c, s, async (clients, pool) => {
    const ids = await itemIds(pool, s.itemNos);
    const once = async (w: number, i: number) => {
      await run(clients[w], addLine, [
        s.lists[w][0].id,
        new Date(),
        randomUUID(),
        ids[(w * 7 + i) % s.ring],
        1,
        i % s.ring,
      ]);
      return true;
    };
    const before = async (w: number, i: number) => {
      if (i > 0 && i % s.ring === 0) await emptyOrderList(asDb(clients[w]), s.lists[w][0].id, new Date());
    };
    const emptyAll = () =>
      Promise.all(clients.map((client, w) => emptyOrderList(asDb(client), s.lists[w][0].id, new Date())));
    await emptyAll();
    await closedLoop(`${ADD_LINE_SQL} (warm-up)`, c.connections, c.warmupSeconds, once, before);
    await emptyAll();
    const result = await closedLoop(ADD_LINE_SQL, c.connections, c.seconds, once, before);
    await emptyAll();
    return result;
  });
}

/**
 * Submit bare, in rounds as the HTTP scenario: every list gets 3 lines (untimed), then every connection writes
 * its lists' requests one after another, each in one transaction (timed). `since` is when the HTTP submits began:
 * their last request and mail are the rows copied.
 */
export async function bareSubmitScenario(c: BenchContext, s: BareSetup, since: Date): Promise<Result> {
  return withClients(c, s, async (clients, pool) => {
    const ids = await itemIds(pool, s.itemNos);
    const locationOf = new Map(
      (
        await pool.query<{ id: string; l: string }>(
          'select id, location_id as l from order_lists where id = any($1::uuid[])',
          [s.lists.flat().map((l) => l.id)],
        )
      ).rows.map((r) => [r.id, r.l]),
    );
    const [model] = (
      await pool.query(
        `select r.*, (select row_to_json(m) from mail_outbox m where m.created_at >= $1 order by m.created_at desc
           limit 1) as mail
         from plant_requests r where r.created_at >= $1 and r.reference = 'benchmark'
         order by r.created_at desc limit 1`,
        [since],
      )
    ).rows;
    if (!model) throw new Error('bare submit: no request of the HTTP submit run to copy');
    const answer = JSON.stringify({
      id: model.id,
      requestNo: model.request_no,
      kind: 'order',
      status: 'submitted',
      locationNo: 'P-00000',
      lineCount: 3,
      createdAt: new Date().toISOString(),
    });
    const fill = () =>
      Promise.all(
        clients.map(async (client, w) => {
          for (const [k, list] of s.lists[w].entries())
            for (let j = 0; j < 3; j++)
              await run(client, addLine, [
                list.id,
                new Date(),
                randomUUID(),
                ids[(w + k + j) % s.ring],
                2,
                j,
              ]);
        }),
      );
    const submitOne = async (client: Client, w: number, k: number, list: BareList) => {
      const key = randomUUID();
      await client.query('begin');
      try {
        await run(client, insertKey, [model.user_id, key, `order:${list.id}`, 'x'.repeat(64)]);
        const request: NewRequest = {
          kind: 'order',
          status: 'submitted',
          locationId: locationOf.get(list.id) ?? model.location_id,
          userId: model.user_id,
          orderListId: list.id,
          idempotencyKey: key,
          requestedDate: model.requested_date,
          transportMeans: model.transport_means,
          termsAccepted: model.terms_accepted,
          collect: model.collect,
          rush: model.rush,
          rushItemNo: model.rush_item_no,
          commentCode: model.comment_code,
          destinationKind: model.destination_kind,
          depotId: model.depot_id,
          workAddressId: model.work_address_id,
          addressCode: model.address_code,
          street: model.street,
          postcode: model.postcode,
          city: model.city,
          contactPerson: model.contact_person,
          phone: model.phone,
          reference: model.reference,
          comment: model.comment,
          addressName: model.address_name,
        };
        const lines = [0, 1, 2].map(
          (j): NewRequestLine => ({
            id: randomUUID(),
            requestId: '',
            lineNo: j + 1,
            itemId: ids[(w + k + j) % s.ring],
            amount: 2,
          }),
        );
        // no mail languages: the confirmation's contact and templates are reads, not rows (the server reads them here)
        await insertRequestWithLines(asDb(client), request, lines, model.user_id, []);
        await emptyOrderList(asDb(client), list.id, new Date());
        const m = model.mail;
        if (m) await run(client, insertOutbox, [m.type, m.locale, m.to, m.subject, m.html, m.text, m.status]);
        await run(client, storeAnswer, [model.user_id, key, 201, answer]);
        await client.query('commit');
      } catch (e) {
        await client.query('rollback');
        throw e;
      }
    };
    const samples: Sample[] = [];
    let firstError: string | undefined;
    const cpu = new CpuTally(c.cpu);
    const round = async (record: boolean) => {
      await fill();
      if (record) cpu.start();
      const t0 = performance.now();
      await Promise.all(
        clients.map(async (client, w) => {
          for (const [k, list] of s.lists[w].entries()) {
            const s0 = performance.now();
            let ok = true;
            try {
              await submitOne(client, w, k, list);
            } catch (e) {
              ok = false;
              firstError ??= e instanceof Error ? e.message : String(e);
            }
            if (record) samples.push({ latency: performance.now() - s0, ok });
          }
        }),
      );
      if (record) cpu.stop();
      return (performance.now() - t0) / 1000;
    };
    await round(false); // warm-up
    let seconds = 0;
    while (seconds < c.seconds) seconds += await round(true);
    const result = summarise(SUBMIT_SQL, samples, seconds, firstError);
    result.cpu = cpu.figures(samples.length);
    c.notes.push(
      `order submit alone, bare SQL: per request one transaction (begin, the key, request + 3 lines + history in one statement, the list emptied, ${model.mail ? 'the mail outbox row, ' : ''}the answer, commit) through pg on the server's socket; PostgreSQL's CPU per statement set`,
    );
    return result;
  });
}
