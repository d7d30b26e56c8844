import { apiError } from '@mp/contract/api/common';
import { settingsCatalogue } from '@mp/contract/settings';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  addItems,
  defaultListId,
  ITEM,
  LOC2,
  USER,
} from '../src/modules/order-lists/ordering.test-support.ts';
import { multipart } from '../src/platform/files/testing.ts';
import { createTestApp, type TestApp } from './app.ts';

/*
 * One wire shape for a field's problem (issue #32 item 4): every producer — schema validation, a service's rule, an
 * upload, an unreadable body — answers details.fields[name] = { code, message, params? }: the translation key, its
 * text in the caller's language, and the key's placeholders when it has any (so the web's message keeps its numbers).
 * Before, some sent the code alone as a string, some { code, params } without a message, some { code, message }
 * without the params, and an empty body named its field outside details.fields.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function expectField(
  r: LightMyRequestResponse,
  status: number,
  field: string,
  code: string,
  params?: Record<string, string | number>,
) {
  expect(r.statusCode, r.body).toBe(status);
  const body = r.json();
  expect(body.details.fields[field]).toEqual({
    code,
    message: expect.any(String),
    ...(params ? { params } : {}),
  });
  expect(body.details.fields[field].message).not.toBe(code);
  for (const f of Object.values(body.details.fields)) {
    expect(Object.keys(f as object).sort()).toEqual(expect.arrayContaining(['code', 'message']));
  }
  // and the contract's error schema says exactly that shape
  expect(apiError.safeParse(body).success).toBe(true);
}

describe('a field error has one shape: { code, message, params? }', () => {
  it('from schema validation, with the limit as a placeholder', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const r = await addItems(t, USER, LOC2, id, [{ itemNo: ITEM, amount: 10_000 }]);
    expectField(r, 400, 'lines.0.amount', 'validation.te_groot', { max: 9999 });
    expect(r.json().details.fields['lines.0.amount'].message).toContain('9999');
  });

  it("from a service's rule with a placeholder", async () => {
    const r = await t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/SearchSynonyms',
      payload: { groups: [{ words: ['kachel', 'heater'] }, { words: ['heater', 'warmtekanon'] }] },
      headers: await t.auth(ADMIN),
    });
    expectField(r, 422, 'groups.1.words.0', 'validation.synoniem_dubbel', { word: 'heater' });
  });

  it("from a service's check of a value without placeholders", async () => {
    const group = settingsCatalogue.OrderWizardBlockDaysToOrder.group;
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/v2.0/Settings/${group}`,
      payload: { intValues: { OrderWizardBlockDaysToOrder: -5 } },
      headers: await t.auth(ADMIN),
    });
    expectField(r, 400, 'OrderWizardBlockDaysToOrder', 'validation.ongeldig_formaat');
  });

  it('from an upload naming a part it does not take', async () => {
    const body = multipart([{ name: 'other', filename: 'logo.png', contentType: 'image/png', value: 'x' }]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/CorporateIdentity/Images/logo',
      payload: body.payload,
      headers: { ...body.headers, ...(await t.auth(ADMIN)) },
    });
    expectField(r, 400, 'other', 'validation.onbekend_veld');
  });

  it('from an empty JSON body, named as the field body', async () => {
    const r = await t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/SearchSynonyms',
      payload: '',
      headers: { 'content-type': 'application/json', ...(await t.auth(ADMIN)) },
    });
    expectField(r, 400, 'body', 'validation.verplicht');
  });
});
