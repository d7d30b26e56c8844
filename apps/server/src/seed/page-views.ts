import type * as s from '../db/schema/index.ts';
import { addDays, at, weekday } from './dates.ts';
import { Rng, stableId } from './random.ts';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** A catalogue page's address: its category by id (build-catalogue.ts makes the id from the code). */
const catalogue = (code: string) => `/catalogus/${stableId('category', code)}`;

/** The screens the demo users visit, with how often (weights) — the page-usage report's demo figures. */
const visits: [string, number][] = [
  ['/', 30],
  ['/materieel', 8],
  [catalogue('AFZ'), 7],
  [catalogue('HUIS'), 5],
  [catalogue('CONT'), 3],
  ['/details/AG-1004', 6],
  ['/details/BH-1001', 4],
  ['/details/BK-1004', 3],
  ['/zoeken/aggregaat', 4],
  ['/zoeken/hek', 3],
  ['/sets', 2],
  ['/favorieten', 4],
  ['/bestellijst', 6],
  ['/bestellen/gegevens', 3],
  ['/materieelvoorraad', 9],
  ['/afvoerlijst', 3],
  ['/aanvragen', 6],
  ['/orders/aanvoer', 3],
  ['/facturen', 2],
  ['/locatie', 3],
  ['/locatie-documenten', 2],
  ['/klachten', 1],
];

/**
 * 90 days of page views up to `today` (the real date, so the report's periods have figures): about 30 a working day
 * and a few at weekends, by the demo users and some visitors. Deterministic for a given day.
 */
export function buildPageViews(today: string, userIds: readonly string[]): Insert<typeof s.pageViews>[] {
  const rng = new Rng(20_260_415);
  const out: Insert<typeof s.pageViews>[] = [];
  for (let back = 89; back >= 0; back--) {
    const day = addDays(today, -back);
    const wd = weekday(day);
    const weekend = wd === 0 || wd === 6;
    const count = weekend ? rng.int(0, 6) : rng.int(18, 42);
    for (let i = 0; i < count; i++) {
      out.push({
        id: stableId('page-view', `${back}:${i}`),
        userId: rng.chance(0.85) ? rng.pick(userIds) : null,
        page: rng.weighted(visits, (v) => v[1])[0],
        locale: rng.chance(0.8) ? 'nl-NL' : rng.pick(['en-US', 'de-DE', 'fr-FR']),
        viewedAt: at(day, 7 + rng.float() * 11),
      });
    }
  }
  return out;
}
