import { addDays, at } from './dates.ts';
import type { ExtrasState } from './extras-state.ts';
import { setSpecs } from './org-data.ts';
import { stableId } from './random.ts';

/** The demo users' favourite lists, order lists and removal lists. */
export function addUserLists(x: ExtrasState): void {
  const { rng, catalogue, locations, simulation, bulkAt, users, ref, out, byNo, locByNo } = x;
  // ── Lists of the demo users ───────────────────────────────────────────────────────────────
  const when = at(addDays(ref, -3), 10);
  const favourites: { user: string; loc: string | null; name: string; items: string[] }[] = [
    {
      user: 'uitvoerder@vandijk.nl',
      loc: null,
      name: 'Standaard bouwplaats',
      items: ['SK-1010', 'SU-1001', 'BH-1001', 'BHA-1001', 'BHA-1003', 'AG-1006', 'SV-1001', 'BL-1004'],
    },
    {
      user: 'uitvoerder@vandijk.nl',
      loc: 'P-24001',
      name: 'Verlichting en verwarming winter',
      items: ['LM-1001', 'BL-1004', 'BL-1009', 'HT-1004', 'BD-1003'],
    },
    {
      user: 'projectleider@infranoord.nl',
      loc: null,
      name: 'Road closure',
      items: ['VB-1032', 'VB-1005', 'BK-1004', 'BK-1007', 'BK-1009', 'BK-1010', 'VRI-1001'],
    },
    {
      user: 'm.hendriks@vandijk.nl',
      loc: 'P-24003',
      name: 'Afbouw',
      items: ['RS-1005', 'LD-1005', 'BD-1002', 'SL-1007'],
    },
  ];
  favourites.forEach((f, n) => {
    const id = stableId('favourite-list', n);
    out.favouriteLists.push({
      id,
      userId: users.get(f.user)!,
      locationId: f.loc ? locations[locByNo.get(f.loc)!].id : null,
      name: f.name,
      createdAt: when,
      updatedAt: when,
    });
    f.items.forEach((itemNo, i) => {
      out.favouriteListItems.push({ listId: id, itemId: byNo(itemNo).id, sort: i, createdAt: when });
    });
  });

  const orderListSpecs: {
    user: string;
    loc: string;
    name: string;
    lines: { itemNo?: string; setNo?: string; amount: number; comment?: string }[];
  }[] = [
    {
      user: 'uitvoerder@vandijk.nl',
      loc: 'P-24001',
      name: 'Bestellijst',
      lines: [
        { itemNo: 'TP-1002', amount: 1 },
        { itemNo: 'BH-1001', amount: 20 },
        { itemNo: 'BHA-1001', amount: 21 },
        { itemNo: 'BHA-1003', amount: 20, comment: 'Klemmen graag apart verpakt' },
      ],
    },
    {
      user: 'uitvoerder@vandijk.nl',
      loc: 'P-24001',
      name: 'Fase 2 – afzetting',
      lines: [{ setNo: 'SET-001', amount: 1 }],
    },
    {
      user: 'uitvoerder@vandijk.nl',
      loc: 'P-24003',
      name: 'Winter',
      lines: [
        { itemNo: 'HT-1004', amount: 2, comment: 'Inclusief brandstof graag' },
        { itemNo: 'BD-1003', amount: 1 },
      ],
    },
    {
      user: 'projectleider@infranoord.nl',
      loc: 'P-24008',
      name: 'Order list',
      lines: [
        { itemNo: 'VB-1032', amount: 4 },
        { itemNo: 'BK-1004', amount: 10 },
        { itemNo: 'LM-1004', amount: 1 },
      ],
    },
  ];
  orderListSpecs.forEach((spec, n) => {
    const id = stableId('order-list', n);
    out.orderLists.push({
      id,
      userId: users.get(spec.user)!,
      locationId: locations[locByNo.get(spec.loc)!].id,
      name: spec.name,
      createdAt: when,
      updatedAt: when,
    });
    let sort = 0;
    for (const line of spec.lines) {
      const lineId = stableId('order-list-line', `${id}:${sort}`);
      if (line.setNo) {
        out.orderListLines.push({
          id: lineId,
          orderListId: id,
          kind: 'set',
          setId: catalogue.setIdByNo.get(line.setNo)!,
          amount: line.amount,
          sort: sort++,
          createdAt: when,
          updatedAt: when,
        });
        for (const child of setSpecs.find((x) => x.setNo === line.setNo)!.lines) {
          if (!child.itemNo) continue;
          out.orderListLines.push({
            id: stableId('order-list-line', `${id}:${sort}`),
            orderListId: id,
            parentLineId: lineId,
            kind: 'item',
            itemId: byNo(child.itemNo).id,
            amount: child.amount * line.amount,
            sort: sort++,
            createdAt: when,
            updatedAt: when,
          });
        }
      } else {
        out.orderListLines.push({
          id: lineId,
          orderListId: id,
          kind: 'item',
          itemId: byNo(line.itemNo!).id,
          amount: line.amount,
          comment: line.comment ?? null,
          sort: sort++,
          createdAt: when,
          updatedAt: when,
        });
      }
    }
  });

  const removalFor: { user: string; loc: string; bulk: number; plants: number }[] = [
    { user: 'uitvoerder@vandijk.nl', loc: 'P-24001', bulk: 2, plants: 1 },
    { user: 'projectleider@infranoord.nl', loc: 'P-24008', bulk: 1, plants: 1 },
  ];
  removalFor.forEach((r, n) => {
    const li = locByNo.get(r.loc)!;
    const id = stableId('removal-list', n);
    out.removalLists.push({
      id,
      userId: users.get(r.user)!,
      locationId: locations[li].id,
      createdAt: when,
      updatedAt: when,
    });
    const bulk = [...bulkAt(li).entries()].filter(([, q]) => q > 1).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    rng.sample(bulk, r.bulk).forEach(([itemId, qty], i) => {
      out.removalListLines.push({
        id: stableId('removal-list-line', `${id}:b${i}`),
        removalListId: id,
        locationId: locations[li].id,
        itemId,
        returnAmount: Math.max(1, Math.floor(qty / 2)),
        comment: i === 0 ? 'Staat klaar bij de hoofdingang' : null,
        createdAt: when,
        updatedAt: when,
      });
    });
    const plants = simulation.plants
      .filter((p) => p.locationIndex === li)
      .sort((a, b) => (a.plantNo < b.plantNo ? -1 : 1));
    rng.sample(plants, r.plants).forEach((p, i) => {
      out.removalListLines.push({
        id: stableId('removal-list-line', `${id}:p${i}`),
        removalListId: id,
        locationId: locations[li].id,
        itemId: p.item.id,
        plantId: p.id,
        returnAmount: 1,
        createdAt: when,
        updatedAt: when,
      });
    });
  });
}
