// Signed webhooks (issue #37 point 4, decision 0032): the admin (Dutch, desktop) registers an endpoint for all
// customers pointing at a receiver started here (the e2e server admits loopback: WEBHOOKS_ALLOW_LOOPBACK in
// e2e/run.ts), subscribed to "request planned", and copies the secret shown once. The site manager submits a
// transport request and the department plans it (over the API); the receiver gets a delivery whose Standard Webhooks
// signature the `standardwebhooks` package verifies with that secret, and the endpoint's delivery log shows it
// delivered. The key user of another customer (English, phone) sees none of the admin's endpoints. axe-core checks
// the pages; SHOTS_DIR photographs them.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import {
  apiToken,
  baseUrl,
  expectAccessible,
  launch,
  noSideways,
  startAs,
  users,
} from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });
const KEY_USER = 'sleutel@infranoord.nl';
const run = Date.now().toString(36);

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

interface Got {
  headers: Record<string, string>;
  body: string;
}

/** A receiver on 127.0.0.1 that answers 200 and keeps what it got. */
async function startReceiver() {
  const got: Got[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${run}`;
  return { got, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}/api/v2.0${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'POST' ? { 'idempotency-key': `${run}-${path}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, text };
}

/** A working day at least a week ahead (YYYY-MM-DD). */
function workingDayAhead(): string {
  const d = new Date(Date.now() + 8 * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The site manager's transport request, planned by the department: its number. */
async function planTransport(): Promise<string> {
  const site = await apiToken(users.uitvoerder);
  const day = workingDayAhead();
  const submitted = await api(site, 'POST', '/PlantRequests/othertransfers', {
    kind: 'transport',
    plantLocation: 'P-24004',
    targetLocation: 'P-24003',
    transportDate: day,
    loadingFrom: '07:00',
    loadingUntil: '09:00',
    unloadingFrom: '13:00',
    unloadingUntil: '16:00',
    cargo: `Webhook-journey ${run}: 1 bouwkeet`,
    from: {
      street: 'Kerkstraat 1',
      city: 'Amersfoort',
      contactPerson: 'Jeroen de Wit',
      phone: '06 12 34 56 01',
    },
    to: { street: 'Stationsweg 4', city: 'Utrecht', contactPerson: 'Anna Bos', phone: '06 98 76 54 32' },
  });
  assert.equal(submitted.status, 201, submitted.text);
  const { id, requestNo } = submitted.json as { id: string; requestNo: string };
  const department = await apiToken(users.admin);
  const request = await api(department, 'GET', `/Department/requests/${id}`);
  assert.equal(request.status, 200, request.text);
  const planned = await api(department, 'POST', `/Department/requests/${id}/plan`, {
    version: request.json.version,
    plannedDate: day,
  });
  assert.equal(planned.status, 200, planned.text);
  return requestNo;
}

describe('signed webhooks', () => {
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  before(async () => {
    browser = await launch();
    receiver = await startReceiver();
  });
  after(async () => {
    await browser?.close();
    await receiver?.close();
  });

  it('the admin registers an endpoint and receives a signed delivery when a request is planned', async () => {
    const { context, page } = await startAs(browser, 'nl-NL', 1280, users.admin);
    try {
      await page.goto('/webhooks');
      await page.getByTestId('webhook-new').click();
      await page.getByTestId('webhook-url').fill(receiver.url);
      await page.getByTestId('webhook-description').fill(`Planning-koppeling ${run}`);
      // only "request planned": uncheck the default, then check it again to be sure of the one choice
      const planned = page.getByTestId('webhook-event-request.planned');
      if (!(await planned.isChecked())) await planned.check();
      await expectAccessible(page, 'Webhooks form (nl-1280)');
      await shot(page, 'webhooks-form-nl-1280');
      await page.getByTestId('webhook-save').click();
      const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
      assert.match(secret, /^whsec_[A-Za-z0-9+/]+=*$/);
      await shot(page, 'webhooks-secret-nl-1280');
      await page.getByTestId('webhook-secret-close').click();
      await page.getByTestId('webhook-secret').waitFor({ state: 'detached' });
      const card = page.getByTestId('webhook-endpoint').filter({ hasText: `Planning-koppeling ${run}` });
      await card.waitFor();
      await expectAccessible(page, 'Webhooks (nl-1280)');

      const requestNo = await planTransport();
      // the worker sends within seconds; other journeys' plans may arrive too: find ours
      let mine: Got | undefined;
      for (let i = 0; i < 60 && !mine; i++) {
        mine = receiver.got.find((g) => JSON.parse(g.body).data?.requestNo === requestNo);
        if (!mine) await new Promise((r) => setTimeout(r, 500));
      }
      assert.ok(mine, `no delivery for ${requestNo}; got ${receiver.got.length}`);
      const payload = new Webhook(secret).verify(mine.body, mine.headers) as {
        type: string;
        data: Record<string, unknown>;
      };
      assert.equal(payload.type, 'request.planned');
      assert.equal(payload.data.status, 'planned');
      assert.equal(payload.data.locationNo, 'P-24004');
      assert.throws(() => new Webhook(secret).verify(mine.body.replace(requestNo, 'A-0'), mine.headers));

      // the delivery log shows it delivered
      await card.getByTestId('webhook-show-log').click();
      await card.getByTestId('webhook-delivery-status').filter({ hasText: 'Afgeleverd' }).first().waitFor();
      await expectAccessible(page, 'Webhooks log (nl-1280)');
      await shot(page, 'webhooks-log-nl-1280');
      // the same on a phone: nothing sideways
      await page.setViewportSize({ width: 390, height: 844 });
      await noSideways(page, 'Webhooks log (nl-390)');
      await shot(page, 'webhooks-log-nl-390');
      await page.setViewportSize({ width: 1280, height: 800 });

      // gone again: the endpoint with its log
      await card.getByTestId('webhook-delete').click();
      await page.getByTestId('confirm-button').click();
      await card.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it("a key user (English, phone) manages its own customer's endpoints only", async () => {
    const { context, page } = await startAs(browser, 'en-US', 390, KEY_USER);
    try {
      // from the users page, where a key user manages its customer's people
      await page.goto('/gebruikers');
      await page.getByTestId('users-webhooks').click();
      await page.waitForURL(/\/webhooks$/);
      await page.getByTestId('webhook-new').waitFor();
      await page.getByText('Webhooks', { exact: true }).first().waitFor();
      assert.equal(await page.getByTestId('webhook-endpoint').filter({ hasText: run }).count(), 0);
      await page.getByTestId('webhook-new').click();
      await page.getByTestId('webhook-url').fill('http://10.0.0.8/hook');
      await page.getByTestId('webhook-save').click();
      // refused next to the field, in English
      await page.getByText('This address is not public').waitFor();
      await expectAccessible(page, 'Webhooks form (en-390)');
      await noSideways(page, 'Webhooks form (en-390)');
      await shot(page, 'webhooks-form-en-390');
    } finally {
      await context.close();
    }
  });
});
