// The cost on site (issue #37 point 1, docs/decisions/0033): the cost page of the busiest location — the one of the
// site manager's locations with the most stock movements — under load (GET PlantLocations/{plantLocation}/costs). The
// issue's bar: p95 <= 60 ms at 32 connections at scale 100. GET only: nothing is written.
import type { Result } from './load.ts';
import { type BenchContext, httpScenario } from './reads.ts';
import { log } from './server.ts';
import { STOCK_USER } from './stock.ts';

export const COST_PAGE = 'cost page of the busiest location (GET PlantLocations/{plantLocation}/costs), HTTP';

export async function costScenarios(c: BenchContext, userToken: string): Promise<Result[]> {
  log('costs…');
  const busiest = await c.pool.query<{ location_no: string; n: number; since: string }>(
    `select l.location_no, count(*)::int as n, min(g.entry_date)::text as since
     from inventory_ledger g join plant_locations l on l.id = g.location_id
     join location_memberships m on m.location_id = l.id join users u on u.id = m.user_id
     where u.email = $1 group by 1 order by 2 desc limit 1`,
    [STOCK_USER],
  );
  const loc = busiest.rows[0]?.location_no;
  if (!loc) throw new Error('no stock movements for the cost bench');
  c.notes.push(
    `cost page: location ${loc} with ${busiest.rows[0]?.n} stock movements since ${busiest.rows[0]?.since}`,
  );
  return [await httpScenario(c, COST_PAGE, () => `/api/v2.0/PlantLocations/${loc}/costs`, userToken)];
}
