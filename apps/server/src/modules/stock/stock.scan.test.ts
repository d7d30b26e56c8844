import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  COLLEAGUE,
  FOREIGN_LOC,
  LOC,
  LOC2,
  locationId,
  READONLY,
  setSetting,
  USER,
} from '../order-lists/ordering.test-support.ts';

// Issue #10 part 7: scanning a plant (GET PlantInventoryItems/scan) and putting it on the removal list
// (legacy Afvoerlijst/AddScannedItemToAfvoerlijst).

let t: TestApp;
let plant: { plantNo: string; itemNo: string };
let foreign: { plantNo: string };

beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t, 'Materieelvoorraad_ScannenEnabled', true);
  const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows as T[];
  [plant] = (await rows<{ plantNo: string; itemNo: string }>(sql`
    select p.plant_no as "plantNo", i.item_no as "itemNo" from plants p join items i on i.id = p.item_id
    where p.location_id = ${await locationId(t, LOC2)} order by p.plant_no limit 1`)) as [typeof plant];
  [foreign] = (await rows<{ plantNo: string }>(sql`
    select p.plant_no as "plantNo" from plants p
    where p.location_id = ${await locationId(t, FOREIGN_LOC)} order by p.plant_no limit 1`)) as [
    typeof foreign,
  ];
});
afterAll(async () => {
  await t?.close();
});

async function scan(code: string, email = USER) {
  return t.app.inject({
    url: `/api/v2.0/PlantInventoryItems/scan?code=${encodeURIComponent(code)}`,
    headers: await t.auth(email),
  });
}

describe('GET PlantInventoryItems/scan', () => {
  it('finds a plant by its number (any case, spaces around) and by its label’s address', async () => {
    const expected = { itemNo: plant.itemNo, plantNo: plant.plantNo, locationNo: LOC2, external: false };
    expect((await scan(plant.plantNo)).json()).toMatchObject(expected);
    expect((await scan(`  ${plant.plantNo.toLowerCase()} `)).json()).toMatchObject(expected);
    const label = `https://portaal.example/materieelvoorraad/details/${encodeURIComponent(plant.itemNo)}/${encodeURIComponent(plant.plantNo)}`;
    const r = await scan(label);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject(expected);
  });

  it('a plant elsewhere answers 404 like an unknown one; bad input 400; anonymous 401', async () => {
    const elsewhere = await scan(foreign.plantNo);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('Materieelvoorraad.scan_niet_gevonden');
    expect((await scan('ZZ-NOPE-999')).statusCode).toBe(404);
    expect((await scan('<script>')).statusCode).toBe(404);
    const empty = await scan('');
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().details)).toContain('code');
    expect(
      (await t.app.inject({ url: `/api/v2.0/PlantInventoryItems/scan?code=${plant.plantNo}` })).statusCode,
    ).toBe(401);
  });

  it('the read-only role may scan on its location; Materieelvoorraad_ScannenEnabled off answers 403', async () => {
    const [onLoc] = (
      await t.database.db.execute(sql`select plant_no as "plantNo" from plants
        where location_id = ${await locationId(t, LOC)} order by plant_no limit 1`)
    ).rows as { plantNo: string }[];
    expect((await scan(onLoc?.plantNo ?? '', READONLY)).statusCode).toBe(200);
    await setSetting(t, 'Materieelvoorraad_ScannenEnabled', false);
    try {
      const off = await scan(plant.plantNo);
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('Materieelvoorraad.scannen_uit');
    } finally {
      await setSetting(t, 'Materieelvoorraad_ScannenEnabled', true);
    }
  });
});

describe('legacy Afvoerlijst/AddScannedItemToAfvoerlijst', () => {
  const add = async (body: object, email = COLLEAGUE) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Afvoerlijst/AddScannedItemToAfvoerlijst',
      payload: body,
      headers: await t.auth(email),
    });

  it('puts the scanned plant on the list of its location; another location 404; the read-only role 403', async () => {
    const r = await add({ materieelLocatieNr: LOC2, materieelNummer: plant.plantNo.toLowerCase() });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().afvoerlijstItems).toContainEqual(
      expect.objectContaining({
        materieelSoort: plant.itemNo,
        materieelNummer: plant.plantNo,
        retourAantal: 1,
      }),
    );
    expect((await add({ materieelLocatieNr: LOC, materieelNummer: plant.plantNo })).statusCode).toBe(404);
    expect(
      (await add({ materieelLocatieNr: LOC, materieelNummer: plant.plantNo }, READONLY)).statusCode,
    ).toBe(404);
  });
});
