// Dev helper: EXPLAIN (ANALYZE, BUFFERS) of every statement of an add-a-line and a 3-line order submit, run through
// the server's own statement functions on a bench database, in one transaction that is rolled back (nothing stays).
// Each statement is explained inside a savepoint that is rolled back, then run for real, so the next one sees its
// rows — the plans, the foreign-key checks ("Trigger for constraint") and the buffers each one reads and writes.
//   npx node bench/explain-writes.ts postgres://postgres:postgres@127.0.0.1:54538/materieelportaal [wal N]
// With `wal N`: nothing explained; after a checkpoint, N adds of 3 lines and submits (each rolled back), and the WAL
// bytes and full-page images each submit wrote (a bench run starts after its server's shutdown checkpoint too).
// (start PostgreSQL alone on a copy of the bench's data directory with pg_ctl; see docs/decisions/0011).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { writeAddedLines } from '../apps/server/src/modules/order-lists/order-lists.add.queries.ts';
import { selectAddContext } from '../apps/server/src/modules/order-lists/order-lists.queries.ts';
import {
  lockListWithAccess,
  takeLinesWithCatalogue,
} from '../apps/server/src/modules/order-lists/order-lists.submit.queries.ts';
import { insertRequestWithLines } from '../apps/server/src/modules/requests/requests.queries.ts';
import { outboxInsertSql } from '../apps/server/src/platform/mail/mailer.ts';

const [url, mode, times] = process.argv.slice(2);
const plain = mode === 'wal';
const rounds = plain ? Number(times ?? 100) : 1;
if (!url) throw new Error('usage: npx node bench/explain-writes.ts <postgres url> [plain]');
const client = new pg.Client({ connectionString: url });
await client.connect();

let step = 0;
const explaining = {
  async query(q: { text: string; values?: unknown[] }) {
    const label = q.text.trim().split('\n')[0].slice(0, 90);
    if (!plain) {
      await client.query('savepoint explain');
      const plan = await client.query({
        text: `explain (analyze, buffers, verbose off, timing on) ${q.text}`,
        values: q.values,
      });
      await client.query('rollback to savepoint explain');
      console.log(`\n── ${++step}. ${label}`);
      for (const r of plan.rows) console.log(r['QUERY PLAN']);
    }
    return client.query({ text: q.text, values: q.values });
  },
};
const db = { $client: explaining } as never;
const run = (text: string, values: unknown[]) => explaining.query({ text, values });

const lsn = async () =>
  (await client.query<{ l: string }>('select pg_current_wal_insert_lsn()::text as l')).rows[0].l;
const fpi = async () => Number((await client.query('select wal_fpi from pg_stat_wal')).rows[0].wal_fpi);
const walBytes = (a: string, b: string) => {
  const n = (x: string) => {
    const [hi, lo] = x.split('/');
    return BigInt(`0x${hi}`) * 2n ** 32n + BigInt(`0x${lo}`);
  };
  return Number(n(b) - n(a));
};
const ring = (
  await client.query<{ id: string }>(
    `select id from items where not blocked and item_no <> 'BH-1001' order by md5(item_no) limit 20`,
  )
).rows;
if (plain) await client.query('checkpoint');
const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
/** CPU seconds of the session's PostgreSQL process so far (utime + stime, /proc; clock ticks of 10 ms). */
const cpu = () => {
  const f = readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
let submitCpu = 0;
const fpiBefore = plain ? await fpi() : 0;
let submitBytes = 0;
for (let round = 0; round < rounds; round++) {
  await client.query('begin');
  try {
    // the bench user's first bench list (bench/lib/writes.ts), emptied, and three items of the catalogue
    const {
      rows: [list],
    } = await client.query<{ id: string; user_id: string; location_no: string }>(`select l.id, l.user_id,
      p.location_no from order_lists l join plant_locations p on p.id = l.location_id
      where l.name = 'bench 0' order by l.created_at limit 1`);
    if (!list) throw new Error('no bench list: run the bench once on this database');
    await client.query('delete from order_list_lines where order_list_id = $1', [list.id]);
    // three of the bench's ring of 20 items (bench/lib/writes.ts), as its adds use them
    const items = [0, 1, 2].map(() => ring[Math.floor(Math.random() * ring.length)]);

    if (!plain) console.log('\n════ add a line (fresh context, then on the kept context)');
    const context = await selectAddContext(db, {
      listId: list.id,
      locale: 'nl-NL',
      locationNo: list.location_no,
      userId: list.user_id,
    });
    if (!context.list || !context.location) throw new Error('no context');
    let version = context.list.version;
    for (const [n, item] of items.entries()) {
      const inserts = [{ id: randomUUID(), itemId: item.id, amount: 1, comment: null, sort: n + 1 }];
      const written =
        n === 0
          ? await writeAddedLines(db, list.id, version, new Date(), inserts, [])
          : await writeAddedLines(db, list.id, version, new Date(), inserts, [], {
              lineCount: n,
              locationNo: list.location_no,
              userId: list.user_id,
              location: context.location,
            });
      if (!written.version) throw new Error('not written');
      version = written.version;
    }

    if (!plain) console.log('\n════ submit (begin and commit not shown)');
    const walAt = await lsn();
    const cpuAt = cpu();
    const key = randomUUID();
    await run(
      `insert into idempotency_keys (user_id, key, scope, request_hash)
      values ($1::uuid, $2::text, $3::text, $4::text) on conflict do nothing returning key`,
      [list.user_id, key, `order:${list.id}`, 'x'.repeat(64)],
    );
    const locked = await lockListWithAccess(db, list.id, list.user_id);
    if (!locked?.location) throw new Error('not locked');
    const taken = await takeLinesWithCatalogue(db, list.id, 'nl-NL', new Date());
    const request = await insertRequestWithLines(
      db,
      {
        kind: 'order',
        status: 'submitted',
        locationId: locked.locationId,
        userId: list.user_id,
        orderListId: list.id,
        idempotencyKey: key,
        requestedDate: '2026-12-21',
        destinationKind: 'other_address',
        street: 'Benchstraat 1',
        postcode: '8011 AA',
        city: 'Zwolle',
        contactPerson: 'Bench Mark',
        phone: '06 12345678',
      } as never,
      taken.lines.map((l, i) => ({
        id: randomUUID(),
        lineNo: i + 1,
        itemId: l.itemId,
        amount: l.amount,
      })) as never,
      list.user_id,
      ['nl-NL', 'nl-NL', 'nl-NL'],
    );
    const mail = { type: 'OrderConfirmation', locale: 'nl-NL', to: 'bench@example.test', status: 'stored' };
    // the text of platform/http/idempotency.ts's storeAnswerWithMail (not exported)
    const storeAnswerWithMail = `with mail as (${outboxInsertSql('$5')})
    update idempotency_keys set response_status = $3::int, response_body = $4::jsonb
    where user_id = $1::uuid and key = $2::text
    returning response_body as body, array(select id from mail) as "mailIds"`;
    await run(storeAnswerWithMail, [
      list.user_id,
      key,
      201,
      JSON.stringify({ id: request.id, requestNo: request.requestNo }),
      JSON.stringify([{ ...mail, subject: 's', html: '<p>h</p>'.repeat(200), text: 't'.repeat(800) }]),
    ]);
    submitCpu += cpu() - cpuAt;
    submitBytes += walBytes(walAt, await lsn());
  } finally {
    await client.query('rollback');
  }
}
if (plain) {
  // why: a backend reports its WAL counters when idle; wait for that report, read it from a new session
  await new Promise((r) => setTimeout(r, 1500));
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  const fpis = Number((await other.query('select wal_fpi from pg_stat_wal')).rows[0].wal_fpi) - fpiBefore;
  await other.end();
  console.log(
    `${rounds} submits of 3 lines: ${Math.round(submitBytes / rounds)} WAL bytes each (begin to the stored answer); ` +
      `${(fpis / rounds).toFixed(1)} full-page images per add-3-lines-and-submit; ` +
      `${((1000 * submitCpu) / rounds).toFixed(2)} ms of the session's PostgreSQL CPU per submit`,
  );
}
await client.end();
