// The equipment department's execution of a delivery (issue #12, docs/decisions/0018): POST
// Department/requests/{id}/execute of a planned order request of 20 bulk lines, which in one transaction posts the
// delivery order with its lines, 40 ledger rows and the inventory of the depot and the site. In rounds: every
// connection's site manager (bench users copied from the demo's uitvoerder) submits an order of 20 lines and the
// department plans it (untimed), then all connections execute at once (timed) as the admin. They all take from
// the same depot rows, so the rows' locks are part of the figure. After each round the depot gets back what left.
import { randomUUID } from 'node:crypto';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { CpuTally } from './cpu.ts';
import { type HttpConnection, type Result, type Sample, summarise } from './load.ts';
import { type BenchContext, clientPool, httpScenario } from './reads.ts';
import { log, PASSWORD } from './server.ts';

export const ORDER_LIST = 'order list page (GET PlantOrders, kind delivery, 25 per page), HTTP';
export const ORDER_DETAIL = 'one order (GET PlantOrders/{id}), HTTP';
export const EXIT_LIST = 'exit orders page (GET ExitOrders, 25 per page), HTTP';

export const EXECUTE_DELIVERY =
  'execute a delivery of 20 lines (POST Department/requests/{id}/execute), HTTP';

const TEMPLATE_USER = 'uitvoerder@vandijk.nl';
const SITES = ['P-24001', 'P-24002', 'P-24003', 'P-24004'];
const LINES = 20;

interface Worker {
  token: string;
  site: string;
}

function laterWeekday(): string {
  const day = new Date(Date.now() + 21 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

async function prepare(c: BenchContext): Promise<{ workers: Worker[]; depotNo: string; itemNos: string[] }> {
  await c.pool.query(
    `insert into users (email, name, password_hash, kind, role, permissions, customer_id, language, approved_at)
     select 'bench-dept-' || n || '@bench.test', 'Bench ' || n, u.password_hash, u.kind, u.role, u.permissions,
       u.customer_id, u.language, now()
     from users u, generate_series(0, $2::int - 1) n where u.email = $1
     on conflict do nothing`,
    [TEMPLATE_USER, c.connections],
  );
  await c.pool.query(
    `insert into location_memberships (user_id, location_id, role)
     select b.id, m.location_id, m.role from users b
     join users u on u.email = $1 join location_memberships m on m.user_id = u.id
     where b.email like 'bench-dept-%@bench.test'
     on conflict do nothing`,
    [TEMPLATE_USER],
  );
  // the depot with the most orderable bulk items in stock, and twenty of them
  const depot = await c.pool.query<{ depot_no: string }>(
    `select d.depot_no from inventory i join depots d on d.id = i.depot_id join items it on it.id = i.item_id
     where i.plant_id is null and i.quantity >= 50 and not it.numbered and it.visible_in_catalogue and not it.blocked
       and it.rental_type = 'Verhuur'
     group by 1 order by count(*) desc limit 1`,
  );
  const depotNo = depot.rows[0]?.depot_no;
  if (!depotNo) throw new Error('no depot with bulk stock for the department bench');
  const items = await c.pool.query<{ item_no: string }>(
    `select it.item_no from inventory i join depots d on d.id = i.depot_id join items it on it.id = i.item_id
     where d.depot_no = $1 and i.plant_id is null and i.quantity >= 50 and not it.numbered
       and it.visible_in_catalogue and not it.blocked and it.rental_type = 'Verhuur'
     order by i.quantity desc, 1 limit $2`,
    [depotNo, LINES],
  );
  if (items.rows.length < LINES)
    throw new Error(`depot ${depotNo} has too few bulk items for the department bench`);
  const workers: Worker[] = [];
  for (let w = 0; w < c.connections; w++) {
    const r = await c.api('POST', '/api/v2.0/Auth/login', undefined, {
      email: `bench-dept-${w}@bench.test`,
      password: PASSWORD,
    });
    if (r.status !== 200) throw new Error(`login bench-dept-${w}: ${r.status} ${JSON.stringify(r.json)}`);
    workers.push({ token: r.json.accessToken, site: SITES[w % SITES.length] as string });
  }
  return { workers, depotNo, itemNos: items.rows.map((x) => x.item_no) };
}

/** A site manager's order of one of each item, planned by the department from the depot; its id and version. */
async function plannedOrder(
  conn: HttpConnection,
  wk: Worker,
  department: string,
  depotNo: string,
  itemNos: string[],
  day: string,
): Promise<{ id: string; version: string }> {
  const user = { authorization: `Bearer ${wk.token}`, 'content-type': 'application/json' };
  const lists = await conn.request('GET', `/api/v2.0/OrderLists/${wk.site}`, {
    authorization: user.authorization,
  });
  const listId = JSON.parse(lists.body).orderLists[0].id as string;
  await conn.request('DELETE', `/api/v2.0/OrderLists/${wk.site}/${listId}/orderlistlines`, {
    authorization: user.authorization,
  });
  const add = await conn.request(
    'POST',
    `/api/v2.0/OrderLists/${wk.site}/${listId}/orderlistlines`,
    user,
    JSON.stringify({ lines: itemNos.map((itemNo) => ({ type: 'item', itemNo, amount: 1 })) }),
  );
  if (add.status !== 200) throw new Error(`fill order list: ${add.status} ${add.body.slice(0, 200)}`);
  const submit = await conn.request(
    'POST',
    `/api/v2.0/PlantRequests/${listId}/order`,
    { ...user, 'idempotency-key': randomUUID() },
    JSON.stringify({
      deliveryDate: day,
      addressCode: 'WA01',
      contactPerson: 'Bench Mark',
      phone: '06 12345678',
      reference: 'bench-department',
      termsAccepted: true,
    }),
  );
  if (submit.status !== 201) throw new Error(`submit: ${submit.status} ${submit.body.slice(0, 200)}`);
  const id = JSON.parse(submit.body).id as string;
  const dept = { authorization: `Bearer ${department}`, 'content-type': 'application/json' };
  const read = await conn.request('GET', `/api/v2.0/Department/requests/${id}`, {
    authorization: dept.authorization,
  });
  const plan = await conn.request(
    'POST',
    `/api/v2.0/Department/requests/${id}/plan`,
    dept,
    // planned for today: a request is carried out from its planned day on (decision 0018)
    JSON.stringify({
      version: JSON.parse(read.body).version,
      plannedDate: calendarDayIn(new Date()),
      depotNo,
    }),
  );
  if (plan.status !== 200) throw new Error(`plan: ${plan.status} ${plan.body.slice(0, 200)}`);
  return { id, version: JSON.parse(plan.body).version as string };
}

export async function departmentScenarios(c: BenchContext, department: string): Promise<Result[]> {
  log('department scenario (execute a delivery of 20 lines)…');
  const { workers, depotNo, itemNos } = await prepare(c);
  const conns = clientPool(c);
  const day = laterWeekday();
  const today = calendarDayIn(new Date());
  const samples: Sample[] = [];
  let firstError: string | undefined;
  const cpu = new CpuTally(c.cpu);
  const round = async (record: boolean) => {
    const planned = await Promise.all(
      workers.map((wk, w) => plannedOrder(conns[w] as HttpConnection, wk, department, depotNo, itemNos, day)),
    );
    if (record) cpu.start();
    const t0 = performance.now();
    await Promise.all(
      planned.map(async (p, w) => {
        const s0 = performance.now();
        const r = await (conns[w] as HttpConnection).request(
          'POST',
          `/api/v2.0/Department/requests/${p.id}/execute`,
          { authorization: `Bearer ${department}`, 'content-type': 'application/json' },
          JSON.stringify({ version: p.version, executedDate: today }),
        );
        if (!record) return;
        const ok = r.status === 200;
        samples.push({ latency: performance.now() - s0, ok });
        if (!ok) firstError ??= `${r.status} ${r.body.slice(0, 200)}`;
      }),
    );
    if (record) cpu.stop();
    const seconds = (performance.now() - t0) / 1000;
    // the depot gets back what the round took, so the bench never runs it dry
    await c.pool.query(
      `update inventory i set quantity = quantity + $3::int from depots d, items it
       where d.id = i.depot_id and it.id = i.item_id and d.depot_no = $1 and it.item_no = any($2::text[])
         and i.plant_id is null`,
      [depotNo, itemNos, workers.length],
    );
    return seconds;
  };
  try {
    await round(false); // warm-up
    let seconds = 0;
    while (seconds < c.seconds) seconds += await round(true);
    c.notes.push(
      `execute a delivery: rounds of ${workers.length} order requests of ${LINES} lines from depot ${depotNo} (submitted and planned untimed), then executed all at once; req/s over the executing time only; ${cpu.perRequest(samples.length)}`,
    );
    return [summarise(EXECUTE_DELIVERY, samples, seconds, firstError)];
  } finally {
    for (const conn of conns) conn.close();
  }
}

/**
 * The customer's order pages at the bench's scale: the site manager's busiest location's incoming orders (pages 1 to
 * 4 in turn), one of its orders, and its exit orders.
 */
export async function orderPageScenarios(c: BenchContext, token: string): Promise<Result[]> {
  log('order pages…');
  const busiest = await c.pool.query<{ location_no: string; n: number }>(
    `select l.location_no, count(*)::int as n from plant_orders o join plant_locations l on l.id = o.location_id
     join location_memberships m on m.location_id = l.id join users u on u.id = m.user_id
     where u.email = $1 and o.kind = 'delivery' group by 1 order by 2 desc limit 1`,
    [TEMPLATE_USER],
  );
  const loc = busiest.rows[0]?.location_no;
  if (!loc) throw new Error('no orders for the order page bench');
  const ids = await c.pool.query<{ id: string }>(
    `select o.id from plant_orders o join plant_locations l on l.id = o.location_id
     where l.location_no = $1 and o.kind = 'delivery' order by o.order_date desc limit 100`,
    [loc],
  );
  const orderIds = ids.rows.map((r) => r.id);
  c.notes.push(`order pages: location ${loc} with ${busiest.rows[0]?.n} incoming orders`);
  return [
    await httpScenario(
      c,
      ORDER_LIST,
      (_w, i) => `/api/v2.0/PlantOrders?plantLocation=${loc}&kind=delivery&page=${(i % 4) + 1}`,
      token,
    ),
    await httpScenario(
      c,
      ORDER_DETAIL,
      (_w, i) => `/api/v2.0/PlantOrders/${orderIds[i % orderIds.length]}`,
      token,
    ),
    await httpScenario(c, EXIT_LIST, () => `/api/v2.0/ExitOrders?plantLocation=${loc}`, token),
  ];
}
