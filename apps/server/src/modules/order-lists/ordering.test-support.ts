import { randomUUID } from 'node:crypto';
// Helpers shared by the ordering tests (favourites, sets, order lists, requests). Not a test file itself.
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/app.ts';
import { orderListLines, orderLists, plantLocations, users } from '../../db/schema/index.ts';

export const ADMIN = 'admin@materieelportaal.nl';
/** Internal, member (role user) of P-24001..P-24004 and the blocked P-24007 (customer 1). */
export const USER = 'uitvoerder@vandijk.nl';
/** External, member of P-24008..P-24012 (customer 2). */
export const EXTERNAL = 'projectleider@infranoord.nl';
/** Role administration (read-only) on P-24001 only. */
export const READONLY = 'administratie@vandijk.nl';
/** Member of every location of customer 1 (a colleague of USER). */
export const COLLEAGUE = 'directie@vandijk.nl';

export const LOC = 'P-24001';
export const LOC2 = 'P-24002';
export const BLOCKED_LOC = 'P-24007';
export const FOREIGN_LOC = 'P-24008';

/** Items and sets of the demo catalogue. */
export const ITEM = 'BH-1001';
export const ITEM2 = 'SK-1010';
export const SET_SIMPLE = 'SET-001';
export const SET_NESTED = 'SET-002';

export async function setSetting(t: TestApp, key: string, value: unknown): Promise<void> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/v2.0/Settings',
    payload: { key, value },
    headers: await t.auth(ADMIN),
  });
  if (r.statusCode !== 204) throw new Error(`setting ${key}: ${r.statusCode} ${r.body}`);
}

/** The user's default order list on the location (made on first use). */
export async function defaultListId(t: TestApp, email: string, locationNo: string): Promise<string> {
  const r = await t.app.inject({ url: `/api/v2.0/OrderLists/${locationNo}`, headers: await t.auth(email) });
  if (r.statusCode !== 200) throw new Error(`order lists: ${r.statusCode} ${r.body}`);
  return r.json().orderLists[0].id;
}

export async function addItems(
  t: TestApp,
  email: string,
  locationNo: string,
  listId: string,
  lines: Array<{ itemNo: string; amount: number }>,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2.0/OrderLists/${locationNo}/${listId}/orderlistlines`,
    payload: { lines: lines.map((l) => ({ type: 'item', ...l })) },
    headers: await t.auth(email),
  });
}

/**
 * POST PlantRequests/{listId}/order as `email` with a complete form (delivery 25 November 2026, expected return 18
 * December, work address WA01) and a fresh Idempotency-Key; `form` overrides fields. Answers the inject's response.
 */
export async function submitOrder(
  t: TestApp,
  email: string,
  listId: string,
  form: Record<string, unknown> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2.0/PlantRequests/${listId}/order`,
    payload: {
      deliveryDate: '2026-11-25',
      expectedReturnDate: '2026-12-18',
      addressCode: 'WA01',
      contactPerson: 'Jeroen de Wit',
      phone: '06 12 34 56 01',
      ...form,
    },
    headers: { ...(await t.auth(email)), 'idempotency-key': randomUUID() },
  });
}

export async function userId(t: TestApp, email: string): Promise<string> {
  const [u] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  return u.id;
}

export async function locationId(t: TestApp, locationNo: string): Promise<string> {
  const [l] = await t.database.db
    .select({ id: plantLocations.id })
    .from(plantLocations)
    .where(eq(plantLocations.locationNo, locationNo));
  return l.id;
}

/** Every order list (with its line count) a user has on a location, straight from the database. */
export async function listsInDb(t: TestApp, email: string, locationNo: string) {
  const [uid, lid] = await Promise.all([userId(t, email), locationId(t, locationNo)]);
  return t.database.db
    .select({
      id: orderLists.id,
      name: orderLists.name,
      lines:
        sql<number>`(select count(*) from ${orderListLines} l where l.order_list_id = ${orderLists.id})`.mapWith(
          Number,
        ),
    })
    .from(orderLists)
    .where(and(eq(orderLists.userId, uid), eq(orderLists.locationId, lid)));
}

export async function linesInDb(t: TestApp, listId: string) {
  return t.database.db
    .select({
      id: orderListLines.id,
      amount: orderListLines.amount,
      parentLineId: orderListLines.parentLineId,
    })
    .from(orderListLines)
    .where(eq(orderListLines.orderListId, listId));
}
