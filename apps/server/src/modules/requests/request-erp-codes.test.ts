import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  ADMIN,
  addItems,
  defaultListId,
  ITEM,
  LOC2,
  setSetting,
  USER,
} from '../order-lists/ordering.test-support.ts';

// Issue #31 item 20: Spoed_Code (the ERP item the rush surcharge is booked on) and Aanvraag_OpmerkingCode (the ERP
// code a request's remark is filed under) are copied onto a request when it is made, as the transport's codes are,
// so the equipment department and the ERP read what applied then. The department (and an administrator) sees them;
// the customer's own view of the request does not (the settings are not public).

let t: TestApp;
// Monday 23 November 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-11-23T08:00:00Z');
const DEPT = 'materieeldienst@materieelportaal.nl';

beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t, 'OrderWizardEnableRush', true);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.setNow(NOW));

async function order(form: { rush?: boolean; comment?: string }): Promise<string> {
  const listId = await defaultListId(t, USER, LOC2);
  const added = await addItems(t, USER, LOC2, listId, [{ itemNo: ITEM, amount: 1 }]);
  expect(added.statusCode, added.body).toBe(200);
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/v2.0/PlantRequests/${listId}/order`,
    payload: {
      deliveryDate: '2026-11-25',
      addressCode: 'WA01',
      contactPerson: 'Jeroen de Wit',
      phone: '06 12 34 56 01',
      ...form,
    },
    headers: { ...(await t.auth(USER)), 'idempotency-key': randomUUID() },
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id;
}

async function transport(comment?: string): Promise<string> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/v2.0/PlantRequests/othertransfers',
    payload: {
      kind: 'transport',
      plantLocation: LOC2,
      targetLocation: 'P-24003',
      transportDate: '2026-11-24',
      loadingFrom: '07:00',
      loadingUntil: '09:00',
      unloadingFrom: '13:00',
      unloadingUntil: '16:00',
      cargo: '2 bouwketen',
      from: { addressCode: 'WA01', contactPerson: 'Jeroen de Wit', phone: '06 12 34 56 01' },
      to: {
        street: 'Stationsweg 4',
        postcode: '3511 AB',
        city: 'Utrecht',
        contactPerson: 'Anna Bos',
        phone: '06 98 76 54 32',
      },
      ...(comment ? { comment } : {}),
    },
    headers: { ...(await t.auth(USER)), 'idempotency-key': randomUUID() },
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id;
}

async function codes(id: string, email: string, url = `/api/v2.0/PlantRequests/${id}`) {
  const r = await t.app.inject({ url, headers: await t.auth(email) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().erpCodes;
}
const asDepartment = (id: string) => codes(id, DEPT, `/api/v2.0/Department/requests/${id}`);

describe('Spoed_Code and Aanvraag_OpmerkingCode on a request', () => {
  it('copies both codes onto a rush order with a remark; the department and an administrator see them', async () => {
    await setSetting(t, 'Spoed_Code', 'SPOEDTOESLAG');
    await setSetting(t, 'Aanvraag_OpmerkingCode', 'OPM-PORTAAL');
    const id = await order({ rush: true, comment: 'Graag voor 7 uur, poort aan de achterkant.' });
    expect(await asDepartment(id)).toEqual({ rushItemNo: 'SPOEDTOESLAG', commentCode: 'OPM-PORTAAL' });
    expect(await codes(id, ADMIN)).toEqual({ rushItemNo: 'SPOEDTOESLAG', commentCode: 'OPM-PORTAAL' });
    // The customer's own view: no ERP codes.
    expect(await codes(id, USER)).toBeNull();

    // What applied when it was made stays, whatever the settings say later.
    await setSetting(t, 'Spoed_Code', 'ANDERE-CODE');
    await setSetting(t, 'Aanvraag_OpmerkingCode', '');
    expect(await asDepartment(id)).toEqual({ rushItemNo: 'SPOEDTOESLAG', commentCode: 'OPM-PORTAAL' });
  });

  it('leaves out the rush code without rush and the remark code without a remark', async () => {
    await setSetting(t, 'Spoed_Code', 'SPOEDTOESLAG');
    await setSetting(t, 'Aanvraag_OpmerkingCode', 'OPM-PORTAAL');
    const plain = await order({ rush: false, comment: '   ' });
    expect(await asDepartment(plain)).toEqual({ rushItemNo: null, commentCode: null });
    const remarkOnly = await order({ rush: false, comment: 'Bellen bij aankomst' });
    expect(await asDepartment(remarkOnly)).toEqual({ rushItemNo: null, commentCode: 'OPM-PORTAAL' });
  });

  it('has no codes while the settings are empty', async () => {
    await setSetting(t, 'Spoed_Code', '');
    await setSetting(t, 'Aanvraag_OpmerkingCode', '');
    const id = await order({ rush: true, comment: 'Spoed' });
    expect(await asDepartment(id)).toEqual({ rushItemNo: null, commentCode: null });
  });

  it('files the remark of a transport request under the remark code too', async () => {
    await setSetting(t, 'Aanvraag_OpmerkingCode', 'OPM-PORTAAL');
    const withRemark = await transport('Kraan nodig bij het lossen');
    expect(await asDepartment(withRemark)).toEqual({ rushItemNo: null, commentCode: 'OPM-PORTAAL' });
    const without = await transport();
    expect(await asDepartment(without)).toEqual({ rushItemNo: null, commentCode: null });
  });
});
