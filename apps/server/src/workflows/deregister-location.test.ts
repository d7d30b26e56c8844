import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { locationRequests, mailOutbox, plantLocations } from '../db/schema/index.ts';

/*
 * Issue #31 item 11: a line break in a text that ends up in a mail subject (a location's description, a request's
 * description) blocked the action that sends the mail (400 on `subject`). The subject is made one line where it is
 * built; a stored value never makes a later action impossible.
 */

const INTERNAL = 'uitvoerder@vandijk.nl'; // internal, K-10045
const EXTERNAL = 'projectleider@infranoord.nl'; // external, K-10112
const DEPARTMENT = 'materieeldienst@materieelportaal.nl';

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function call(method: 'GET' | 'POST', url: string, email: string, payload?: object) {
  const headers = { ...(await t.auth(email)), 'idempotency-key': `crlf-${++n}-${Date.now()}` };
  return t.app.inject({ method, url, headers, payload });
}
const today = () => calendarDayIn(new Date());
const mailsOf = (
  type: 'UnsubscribePlantLocation' | 'NewPlantLocationRequest' | 'PlantLocationRequestRejected',
) => t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.type, type));
const newLocation = (locationNo: string, description: string) => ({
  locationNo,
  customerNo: 'K-10045',
  description,
  street: 'Stationsweg 1',
  postcode: '8011 AA',
  city: 'Zwolle',
});
// C0 controls, DEL, NEL and the Unicode line / paragraph separators: none may stay in a header line
// biome-ignore lint/suspicious/noControlCharactersInRegex: what this test looks for
const LINE_BREAKING = /[\u0000-\u001F\u007F\u0085\u2028\u2029]/;

describe('a line break in a text that reaches a mail subject', () => {
  it('deregisters a location whose description was given with CR/LF; the subject is one line', async () => {
    const created = await call(
      'POST',
      '/api/v2.0/PlantLocations',
      INTERNAL,
      newLocation('P-29051', 'Bouw A\r\nfase B'),
    );
    expect(created.statusCode).toBe(201);
    const r = await call('POST', '/api/v2.0/PlantLocations/P-29051/deregistration', INTERNAL, {
      date: today(),
    });
    expect(r.statusCode).toBe(200);
    const mail = (await mailsOf('UnsubscribePlantLocation')).find((m) => m.subject.includes('P-29051'));
    expect(mail?.to).toBe(DEPARTMENT);
    expect(mail?.subject).not.toMatch(LINE_BREAKING);
    expect(mail?.subject).toContain('P-29051 Bouw A fase B');
  });

  it('deregisters a location whose stored description holds CR/LF, a tab and a line separator (legacy data)', async () => {
    expect(
      (await call('POST', '/api/v2.0/PlantLocations', INTERNAL, newLocation('P-29052', 'Oud project')))
        .statusCode,
    ).toBe(201);
    await t.deps.db
      .update(plantLocations)
      .set({ description: 'Oud\r\n\tproject\u2028Noord\u0085Zuid\n' })
      .where(eq(plantLocations.locationNo, 'P-29052'));
    const r = await call('POST', '/api/v2.0/PlantLocations/P-29052/deregistration', INTERNAL, {
      date: today(),
    });
    expect(r.statusCode).toBe(200);
    const mail = (await mailsOf('UnsubscribePlantLocation')).find((m) => m.subject.includes('P-29052'));
    expect(mail?.subject).not.toMatch(LINE_BREAKING);
    expect(mail?.subject).toContain('P-29052 Oud project Noord Zuid');
  });

  it('takes a location request whose description holds CR/LF and mails the department one subject line', async () => {
    const r = await call('POST', '/api/v2.0/LocationRequests', EXTERNAL, {
      description: 'Sluis\r\nDen Oever',
      comment: 'Start in maart\r\nmet twee ploegen',
    });
    expect(r.statusCode).toBe(201);
    const mail = (await mailsOf('NewPlantLocationRequest')).find((m) => m.subject.includes('Sluis'));
    expect(mail?.subject).not.toMatch(LINE_BREAKING);
    expect(mail?.subject).toContain('Sluis Den Oever');
    // the body keeps what was written (a line break in HTML is only white space)
    expect(mail?.html).toContain('met twee ploegen');
  });

  it('rejects a stored request whose description holds CR/LF (the requester is mailed)', async () => {
    const asked = await call('POST', '/api/v2.0/LocationRequests', EXTERNAL, { description: 'Dijk Urk' });
    expect(asked.statusCode).toBe(201);
    await t.deps.db
      .update(locationRequests)
      .set({ description: 'Dijk\r\nUrk' })
      .where(and(eq(locationRequests.id, asked.json().id), like(locationRequests.description, 'Dijk%')));
    const r = await call(
      'POST',
      `/api/v2.0/Department/location-requests/${asked.json().id}/reject`,
      DEPARTMENT,
      {
        reason: 'Buiten ons werkgebied',
      },
    );
    expect(r.statusCode).toBe(200);
    const mail = (await mailsOf('PlantLocationRequestRejected')).find((m) => m.subject.includes('Dijk'));
    expect(mail?.to).toBe(EXTERNAL);
    expect(mail?.subject).not.toMatch(LINE_BREAKING);
    expect(mail?.subject).toContain('Dijk Urk');
  });
});
