// The whole loop with the ERP in it (issue #33's quality bar): a portal of its own started with ERP=fake-bc (the fake
// Business Central beside it, webhooks on), a site manager orders in Dutch on a desktop, the request says it waits
// for and then reached the equipment department's system, the fake holds it as a rental request and makes a sales
// order of it; an invoice posted in the fake then shows on the invoices page, in English on a phone, without anyone
// asking for a sync (the fake's webhook queues the delta). Times are printed, not asserted. With SHOTS_DIR the pages
// are photographed.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type RunningServer, startServer } from '../support/server.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

let server: RunningServer;
let browser: Browser;
let fakeUrl: string;
let support: typeof import('../support/browser.ts');

/** The fake's address, from the line the portal prints when it is ready. */
async function fakeBcUrl(logFile: string): Promise<string> {
  for (let i = 0; i < 120; i++) {
    const m = /ERP: fake Business Central on (http:\/\/[^\s]+)/.exec(readFileSync(logFile, 'utf8'));
    if (m?.[1]) return m[1];
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the portal did not print where its fake Business Central listens');
}

async function fake<T>(path: string, init?: { method: string; body: unknown }): Promise<T> {
  const res = await fetch(`${fakeUrl}/_fake/${path}`, {
    method: init?.method ?? 'GET',
    headers: init ? { 'content-type': 'application/json' } : {},
    body: init ? JSON.stringify(init.body) : undefined,
  });
  assert.ok(res.ok, `fake ${path}: ${res.status} ${await res.clone().text()}`);
  return (await res.json()) as T;
}

/** Reloads `page` until `check` holds (the worker, the webhook and the sync run in their own time). */
async function until(page: Page, what: string, check: () => Promise<boolean>, seconds = 120) {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > seconds * 1000) throw new Error(`${what}: not within ${seconds} s`);
    await page.waitForTimeout(1000);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  }
  const took = ((Date.now() - t0) / 1000).toFixed(1);
  process.stdout.write(`# erp: ${what} after ${took} s\n`);
}

interface RentalRequest {
  externalDocumentNumber: string;
  status: string;
  salesOrderNumber: string;
  projectLocationNumber: string;
  customerNumber: string;
}

describe('the loop with the ERP in it (ERP=fake-bc)', () => {
  before(async () => {
    server = await startServer({ env: { ERP: 'fake-bc', ERP_WEBHOOKS: 'on' } });
    // the browser helpers read the portal's address when they are imported
    process.env.E2E_BASE_URL = server.baseUrl;
    support = await import('../support/browser.ts');
    fakeUrl = await fakeBcUrl(server.logFile);
    browser = await support.launch();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  let request: RentalRequest;

  it('an order in the portal becomes a rental request and a sales order in the ERP', async () => {
    const { context, page } = await support.startOnSite(browser, 'nl-NL', 1280, 0);
    try {
      // one item from the catalogue onto the order list
      await page.getByTestId('nav-materieel').click();
      await page.getByTestId('category-tiles').waitFor();
      await page.getByTestId('category-tiles').locator('a[href^="/catalogus/"]').first().click();
      await page.getByTestId('item-card').first().waitFor();
      await page.getByTestId('item-card').first().getByRole('link').first().click();
      await page.getByTestId('details-add').waitFor();
      await page.getByTestId('details-amount').fill('2');
      await page.getByTestId('details-add').click();
      await page.getByTestId('cart-link').click();
      await page.waitForURL(/\/bestellijst$/);
      await page.getByTestId('process').click();
      await page.waitForURL(/\/bestellen\/gegevens$/);
      await page.getByRole('button', { name: /Gewenste leverdatum/ }).click();
      await page.locator('.mantine-DatePickerInput-day:not([disabled]):not([data-outside])').first().click();
      await page.getByTestId('to-afronden').click();
      await page.getByTestId('submit-order').click();
      const done = (await page.getByTestId('request-no').textContent()) ?? '';
      const requestNo = /Aanvraagnummer: (A-\d{4}-\d+)/.exec(done)?.[1];
      assert.ok(requestNo, `request number shown: ${done}`);

      // the request says where it stands towards the ERP: waiting, then sent
      await page.getByTestId('to-request').click();
      await page.getByRole('heading', { level: 1, name: new RegExp(requestNo) }).waitFor();
      const status = page.getByText(
        /Verzonden naar het systeem van de materieeldienst|Wacht op verzending naar het systeem van de materieeldienst/,
      );
      await status.first().waitFor();
      await until(page, `request ${requestNo} shown as sent to the ERP`, () =>
        page.getByText('Verzonden naar het systeem van de materieeldienst').isVisible(),
      );
      await support.expectAccessible(page, 'Aanvraag (ERP)');
      await shot(page, 'erp-aanvraag-verzonden-nl-1280');

      // the fake holds it under the request's number, once, and makes a sales order of it
      const filter = encodeURIComponent(`externalDocumentNumber eq '${requestNo}'`);
      const t0 = Date.now();
      for (;;) {
        const { value } = await fake<{ value: RentalRequest[] }>(`records/rentalRequests?$filter=${filter}`);
        assert.equal(value.length, 1, 'one rental request for the portal request');
        request = value[0] as RentalRequest;
        if (request.salesOrderNumber) break;
        if (Date.now() - t0 > 60_000) throw new Error('no sales order made of the rental request');
        await new Promise((r) => setTimeout(r, 500));
      }
      const orders = await fake<{ value: { number: string }[] }>(
        `records/salesOrders?$filter=${encodeURIComponent(`number eq '${request.salesOrderNumber}'`)}`,
      );
      assert.equal(orders.value.length, 1, `sales order ${request.salesOrderNumber} in the ERP`);
    } finally {
      await context.close();
    }
  });

  it('an invoice posted in the ERP shows on the invoices page without a sync asked for', async () => {
    const posted = await fake<{ number: string }>('post-invoice', {
      method: 'POST',
      body: {
        customerNumber: request.customerNumber,
        projectLocationNumber: request.projectLocationNumber,
        lines: [{ description: 'Huur e2e', quantity: 2, unitPrice: 125.5 }],
      },
    });
    assert.ok(posted.number, 'the fake numbered the invoice');
    const { context, page } = await support.startOnSite(browser, 'en-US', 390, 0);
    try {
      await page.goto(`/facturen?scope=all&q=${encodeURIComponent(posted.number)}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await until(page, `invoice ${posted.number} posted in the ERP shown in the portal`, async () => {
        await page.waitForLoadState('networkidle');
        return page.locator('[data-testid="invoice-row"]', { hasText: posted.number }).first().isVisible();
      });
      await support.expectAccessible(page, 'Invoices (ERP)');
      await shot(page, 'erp-facturen-en-390');
    } finally {
      await context.close();
    }
  });

  it('Koppelingen on a phone: the sync and what went to the ERP as cards, nothing wider than the screen', async () => {
    const { context, page } = await support.startAs(browser, 'nl-NL', 390, support.users.admin);
    try {
      await page.goto('/settings/koppelingen');
      await page.getByRole('heading', { level: 1, name: 'Koppelingen' }).waitFor();
      // the sync per entity as cards (no table on a phone)
      await page
        .getByTestId('erp-sync')
        .getByTestId(/^erp-entity-/)
        .first()
        .waitFor();
      assert.equal(
        await page.getByTestId('erp-sync').locator('table').count(),
        0,
        'no sync table on a phone',
      );
      // the request sent above, under "sent", as a card with its number
      const tabs = page.getByTestId('erp-outbox-status');
      await tabs.getByText(/^Verstuurd/).click();
      const row = page.getByTestId('erp-outbox-row').filter({ hasText: request.externalDocumentNumber });
      await row.first().waitFor();
      assert.equal(
        await page.getByTestId('erp-outbox').locator('table').count(),
        0,
        'no outbox table on a phone',
      );
      await support.noSideways(page, 'Koppelingen (390)');
      await support.expectAccessible(page, 'Koppelingen (phone)');
      await shot(page, 'erp-koppelingen-nl-390');
    } finally {
      await context.close();
    }
  });
});
