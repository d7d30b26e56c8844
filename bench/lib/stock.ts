// The stock scenarios of issue #10 (docs/decisions/0014): the stock page of the site manager's largest location,
// the history of the busiest item there, and all stock over every location of that user. GET only: nothing is
// written, so the scenarios can run in any order.
import { EMPTY_GUID } from '@mp/contract';
import type { Result } from './load.ts';
import { type BenchContext, httpScenario } from './reads.ts';
import { type Api, log } from './server.ts';

/** An internal site manager on several locations of one customer (the demo data's uitvoerder). */
export const STOCK_USER = 'uitvoerder@vandijk.nl';

export async function stockScenarios(c: BenchContext, api: Api, token: string): Promise<Result[]> {
  const answer = await api('GET', '/api/v2.0/PlantLocations', token);
  const numbers = (answer.json.plantLocations as { locationNo: string }[]).map((l) => l.locationNo);
  const [largest] = (
    await c.pool.query<{ location_no: string; id: string; lines: number; quantity: number }>(
      `select p.location_no, p.id, count(*)::int as lines, sum(i.quantity)::int as quantity
       from inventory i join plant_locations p on p.id = i.location_id
       where p.location_no = any($1::text[]) and i.quantity > 0
       group by p.location_no, p.id order by count(*) desc limit 1`,
      [numbers],
    )
  ).rows;
  if (!largest) throw new Error(`${STOCK_USER} has no stock at this scale`);
  const [busiest] = (
    await c.pool.query<{ item_no: string; entries: number }>(
      `select it.item_no, count(*)::int as entries from inventory_ledger l join items it on it.id = l.item_id
       where l.location_id = $1::uuid and l.plant_id is null group by it.item_no order by count(*) desc limit 1`,
      [largest.id],
    )
  ).rows;
  c.notes.push(
    `stock: ${STOCK_USER} on ${numbers.length} locations; largest ${largest.location_no} with ${largest.lines} stock lines (${largest.quantity} pieces); busiest bulk item there ${busiest?.item_no} with ${busiest?.entries} ledger entries`,
  );
  const sorts = ['default', 'itemNo', 'description', 'quantityDesc', 'onSiteSince', 'nextInspection'];
  const results: Result[] = [];
  log('stock scenarios…');
  results.push(
    await httpScenario(
      c,
      STOCK_PAGE,
      (w, i) =>
        `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${largest.location_no}&pageSize=50&sortBy=${sorts[(w + i) % sorts.length]}`,
      token,
    ),
  );
  if (busiest)
    results.push(
      await httpScenario(
        c,
        STOCK_HISTORY,
        () => `/api/v2.0/PlantInventoryItems/${busiest.item_no}/history?plantLocation=${largest.location_no}`,
        token,
      ),
    );
  results.push(
    await httpScenario(c, ALL_STOCK, () => `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}/locations`, token),
  );
  return results;
}

export const STOCK_PAGE = 'stock page of the largest location (GET PlantInventoryItems/{id}), HTTP';
export const STOCK_HISTORY =
  'history of the busiest item there (GET PlantInventoryItems/{itemNo}/history), HTTP';
export const ALL_STOCK = "all stock over the user's locations (GET PlantInventoryItems/{id}/locations), HTTP";
