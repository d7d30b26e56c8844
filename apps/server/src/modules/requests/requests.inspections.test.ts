import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addItems, defaultListId, LOC2, submitOrder, USER } from '../order-lists/ordering.test-support.ts';

// Issue #37 point 3 (decision 0034): when the department assigns numbered plants to a delivery, the plan warns for
// each plant whose next inspection falls due before the expected return date and offers plants that stay valid.

let t: TestApp;
const NOW = new Date('2026-11-23T08:00:00Z');
const DEPT = 'materieeldienst@materieelportaal.nl';
let depotNo: string;
let itemNo: string;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  const r = await t.database.db.execute<{ depotNo: string; itemNo: string }>(sql`
    select d.depot_no as "depotNo", i.item_no as "itemNo"
    from plants p join items i on i.id = p.item_id join depots d on d.id = p.depot_id
    where p.status = 'in_service' and i.numbered and i.visible_in_catalogue and not i.blocked and i.rental_type = 'Verhuur'
    group by 1, 2 having count(*) >= 3 order by count(*) desc, 2 limit 1`);
  depotNo = r.rows[0]?.depotNo ?? '';
  itemNo = r.rows[0]?.itemNo ?? '';
  // three plants of our own in that depot, first in its candidates: one due before the return, one after, one unknown
  await t.database.db.execute(sql`
    with made as (
      insert into plants (plant_no, item_id, depot_id, status)
      select '0INS-' || n, i.id, d.id, 'in_service'
      from generate_series(1, 3) n, items i, depots d where i.item_no = ${itemNo} and d.depot_no = ${depotNo}
      returning id, plant_no, item_id, depot_id),
    inv as (
      insert into inventory (depot_id, item_id, plant_id, quantity, last_movement_date)
      select depot_id, item_id, id, 1, '2026-11-01' from made),
    led as (
      insert into inventory_ledger (entry_date, depot_id, item_id, plant_id, quantity, kind, note)
      select '2026-11-01', depot_id, item_id, id, 1, 'correction', 'test stock' from made)
    insert into inspections (plant_id, inspected_on, result, next_due_date)
    select id, '2026-06-01', 'approved', case plant_no when '0INS-1' then date '2026-12-01' else date '2027-06-01' end
    from made where plant_no <> '0INS-3'`);
});
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'POST', url: string, body?: unknown) {
  return t.app.inject({ method, url, payload: body as object, headers: await t.auth(DEPT) });
}

type Pick = {
  lineId: string;
  plantNos: string[];
  candidates: { plantNo: string; depotNo: string | null; nextInspection?: string | null }[];
  inspectionWarnings?: { plantNo: string; nextInspection: string; validAlternatives: string[] }[];
};

async function picks(id: string): Promise<{ version: string; picks: Pick[] }> {
  const r = await call('GET', `/api/v2.0/Department/requests/${id}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

describe('the plan of a delivery and the inspections of its plants', () => {
  it('warns for a picked plant due before the expected return date and offers plants that stay valid', async () => {
    const listId = await defaultListId(t, USER, LOC2);
    const added = await addItems(t, USER, LOC2, listId, [{ itemNo, amount: 2 }]);
    expect(added.statusCode, added.body).toBe(200);
    const ordered = await submitOrder(t, USER, listId);
    expect(ordered.statusCode, ordered.body).toBe(201);
    const id = ordered.json().id;

    const before = await picks(id);
    const line = before.picks.find((p) => p.candidates.some((c) => c.plantNo === '0INS-1')) as Pick;
    expect(line).toBeDefined();
    const ours = Object.fromEntries(
      line.candidates.filter((c) => c.plantNo.startsWith('0INS-')).map((c) => [c.plantNo, c.nextInspection]),
    );
    expect(ours).toEqual({ '0INS-1': '2026-12-01', '0INS-2': '2027-06-01', '0INS-3': null });
    expect(line.inspectionWarnings).toEqual([]);

    const planned = await call('POST', `/api/v2.0/Department/requests/${id}/plan`, {
      version: before.version,
      plannedDate: '2026-11-25',
      depotNo,
      transportMeans: 'vrachtwagen',
      plants: [{ lineId: line.lineId, plantNos: ['0INS-1', '0INS-3'] }],
    });
    expect(planned.statusCode, planned.body).toBe(200);

    const after = (await picks(id)).picks.find((p) => p.lineId === line.lineId) as Pick;
    expect(after.plantNos.sort()).toEqual(['0INS-1', '0INS-3']);
    expect(after.inspectionWarnings).toHaveLength(1);
    const [warning] = after.inspectionWarnings ?? [];
    expect(warning).toMatchObject({ plantNo: '0INS-1', nextInspection: '2026-12-01' });
    expect(warning?.validAlternatives).toContain('0INS-2');
    expect(warning?.validAlternatives).not.toContain('0INS-1');
    expect(warning?.validAlternatives).not.toContain('0INS-3');
  });
});
