// The removal and relocation submits of issue #11 (docs/decisions/0014): every connection is its own site manager
// (bench users made once from the demo's uitvoerder, with the same locations and password), so no two connections
// share a removal list; connections share locations, and with them the stock rows a submit locks. In rounds: every
// list gets three lines (untimed), then all connections submit at once (timed); the bench's requests are cancelled
// after each round (untimed), so what they take off the sites never runs the stock dry.
import { randomUUID } from 'node:crypto';
import { CpuTally } from './cpu.ts';
import { type HttpConnection, type Result, type Sample, summarise } from './load.ts';
import { type BenchContext, clientPool } from './reads.ts';
import { log, PASSWORD } from './server.ts';

export const REMOVAL_SUBMIT = 'removal submit (POST PlantRequests/removal, list of 3 lines), HTTP';
export const RELOCATION_SUBMIT =
  'relocation submit (POST PlantRequests/othertransfers, list of 3 lines), HTTP';

const TEMPLATE_USER = 'uitvoerder@vandijk.nl';
const SOURCES = ['P-24001', 'P-24002', 'P-24003', 'P-24004'];
const REFERENCE = 'bench-outgoing';

interface Worker {
  token: string;
  source: string;
  target: string;
  itemNos: string[];
}

/** A weekday three weeks ahead: allowed by every date rule of both wizards. */
function laterWeekday(): string {
  const day = new Date(Date.now() + 21 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

async function prepare(c: BenchContext): Promise<Worker[]> {
  // The bench users: copies of the template (password hash, customer, locations), made once.
  await c.pool.query(
    `insert into users (email, name, password_hash, kind, role, permissions, customer_id, language, approved_at)
     select 'bench-out-' || n || '@bench.test', 'Bench ' || n, u.password_hash, u.kind, u.role, u.permissions,
       u.customer_id, u.language, now()
     from users u, generate_series(0, $2::int - 1) n where u.email = $1
     on conflict do nothing`,
    [TEMPLATE_USER, c.connections],
  );
  await c.pool.query(
    `insert into location_memberships (user_id, location_id, role)
     select b.id, m.location_id, m.role from users b
     join users u on u.email = $1 join location_memberships m on m.user_id = u.id
     where b.email like 'bench-out-%@bench.test'
     on conflict do nothing`,
    [TEMPLATE_USER],
  );
  const workers: Worker[] = [];
  for (let w = 0; w < c.connections; w++) {
    const r = await c.api('POST', '/api/v2.0/Auth/login', undefined, {
      email: `bench-out-${w}@bench.test`,
      password: PASSWORD,
    });
    if (r.status !== 200) throw new Error(`login bench-out-${w}: ${r.status} ${JSON.stringify(r.json)}`);
    const source = SOURCES[w % SOURCES.length] as string;
    const target = SOURCES[(w + 1) % SOURCES.length] as string;
    // three bulk items with enough on site for every connection of a round (the round's requests are cancelled after it)
    const items = await c.pool.query<{ item_no: string }>(
      `select it.item_no from inventory i join items it on it.id = i.item_id
       join plant_locations p on p.id = i.location_id
       where p.location_no = $1 and i.plant_id is null and i.quantity >= 12
       order by md5(it.item_no || $2) limit 3`,
      [source, String(w)],
    );
    if (items.rows.length < 3) throw new Error(`${source} has too few bulk items for the removal bench`);
    workers.push({ token: r.json.accessToken, source, target, itemNos: items.rows.map((x) => x.item_no) });
  }
  return workers;
}

async function cancelBenchRequests(c: BenchContext): Promise<void> {
  await c.pool.query(
    `update plant_requests set status = 'cancelled' where reference = $1 and status = 'submitted'`,
    [REFERENCE],
  );
}

async function fill(conns: HttpConnection[], workers: Worker[]): Promise<void> {
  await Promise.all(
    workers.map(async (wk, w) => {
      const conn = conns[w] as HttpConnection;
      const headers = { authorization: `Bearer ${wk.token}`, 'content-type': 'application/json' };
      for (const itemNo of wk.itemNos) {
        const r = await conn.request(
          'POST',
          `/api/v2.0/RemovalLists/${wk.source}`,
          headers,
          JSON.stringify({ lines: [{ itemNo, amount: 1 }] }),
        );
        if (r.status !== 200) throw new Error(`fill removal list: ${r.status} ${r.body.slice(0, 200)}`);
      }
    }),
  );
}

async function scenario(
  c: BenchContext,
  name: string,
  conns: HttpConnection[],
  workers: Worker[],
  send: (wk: Worker) => { path: string; body: unknown },
): Promise<Result> {
  const samples: Sample[] = [];
  let firstError: string | undefined;
  const cpu = new CpuTally(c.cpu);
  const round = async (record: boolean) => {
    await fill(conns, workers);
    if (record) cpu.start();
    const t0 = performance.now();
    await Promise.all(
      workers.map(async (wk, w) => {
        const { path, body } = send(wk);
        const s0 = performance.now();
        const r = await (conns[w] as HttpConnection).request(
          'POST',
          path,
          {
            authorization: `Bearer ${wk.token}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          JSON.stringify(body),
        );
        if (!record) return;
        const ok = r.status === 201;
        samples.push({ latency: performance.now() - s0, ok });
        if (!ok) firstError ??= `${r.status} ${r.body.slice(0, 200)}`;
      }),
    );
    if (record) cpu.stop();
    const seconds = (performance.now() - t0) / 1000;
    await cancelBenchRequests(c);
    return seconds;
  };
  await round(false); // warm-up
  let seconds = 0;
  while (seconds < c.seconds) seconds += await round(true);
  c.notes.push(
    `${name.split(' (')[0]}: rounds of ${workers.length} site managers on ${SOURCES.length} locations, each list filled with 3 lines (untimed), then submitted all at once; req/s over the submitting time only; ${cpu.perRequest(samples.length)}`,
  );
  return summarise(name, samples, seconds, firstError);
}

export async function outgoingScenarios(c: BenchContext, which: Set<string>): Promise<Result[]> {
  log('removal and relocation scenarios…');
  const workers = await prepare(c);
  await cancelBenchRequests(c);
  const conns = clientPool(c);
  const date = laterWeekday();
  const contact = {
    contactPerson: 'Bench Mark',
    phone: '06 12345678',
    reference: REFERENCE,
    termsAccepted: true,
  };
  const address = { street: 'Benchstraat 1', postcode: '8011 AA', city: 'Zwolle' };
  const depots = await c.api('GET', '/api/v2.0/PlantLocations/depots/removal', workers[0]?.token);
  const depotNo = depots.json?.depots?.[0]?.depotNo as string;
  const out: Result[] = [];
  try {
    if (which.has('removal'))
      out.push(
        await scenario(c, REMOVAL_SUBMIT, conns, workers, (wk) => ({
          path: '/api/v2.0/PlantRequests/removal',
          body: { plantLocation: wk.source, removalDate: date, depotNo, ...address, ...contact },
        })),
      );
    if (which.has('relocation'))
      out.push(
        await scenario(c, RELOCATION_SUBMIT, conns, workers, (wk) => ({
          path: '/api/v2.0/PlantRequests/othertransfers',
          body: {
            kind: 'relocation',
            plantLocation: wk.source,
            targetLocation: wk.target,
            moveDate: date,
            ...address,
            ...contact,
          },
        })),
      );
  } finally {
    for (const conn of conns) conn.close();
  }
  return out;
}
