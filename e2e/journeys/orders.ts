// The customer's order and exit-order pages (issue #12 part 5) over the demo data, in Dutch on a desktop and
// French on a phone: each list, one order with its lines, costs and documents (the delivery note downloads), and
// one exit order. axe-core checks every page; with SHOTS_DIR the pages are photographed.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launch, startOnSite } from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

async function journey(browser: Browser, locale: 'nl-NL' | 'fr-FR', width: number) {
  const { context, page, tag } = await startOnSite(browser, locale, width, 0);
  try {
    for (const list of [
      '/orders/afvoer',
      '/orders/naar-verplaatsing',
      '/orders/van-verplaatsing',
      '/orders/aanvoer',
    ]) {
      await page.goto(list);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `${list} (${tag})`);
    }
    await shot(page, `orders-aanvoer-${tag}`);
    const row = page.getByTestId('order-row').first();
    await row.waitFor();
    await row.getByRole('link').first().click();
    await page.waitForURL(/\/orders\/aanvoer\/[0-9a-f-]{36}$/);
    await page.getByTestId('order-lines').waitFor();
    await expectAccessible(page, `Order (${tag})`);
    await shot(page, `order-${tag}`);
    const docs = page.getByTestId('order-documents');
    if (await docs.count()) {
      const download = page.waitForEvent('download');
      await docs.getByRole('button').first().click();
      assert.match((await download).suggestedFilename(), /\.pdf$/);
    }

    await page.goto('/exitorders');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const exit = page.getByTestId('exit-row').first();
    await exit.waitFor();
    await expectAccessible(page, `Exitorders (${tag})`);
    await shot(page, `exitorders-${tag}`);
    await exit.getByRole('link').first().click();
    await page.waitForURL(/\/exitorders\/[0-9a-f-]{36}$/);
    await page.getByTestId('exit-lines').waitFor();
    await expectAccessible(page, `Exitorder (${tag})`);
    await shot(page, `exitorder-${tag}`);
    const exitDocs = page.getByTestId('order-documents');
    if (await exitDocs.count()) {
      const download = page.waitForEvent('download');
      await exitDocs.getByRole('button').first().click();
      assert.ok((await download).suggestedFilename().length > 0);
    }
  } catch (e) {
    await page.screenshot({ path: `/tmp/orders-failure-${tag}.png`, fullPage: true }).catch(() => undefined);
    throw e;
  } finally {
    await context.close();
  }
}

describe('order pages', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
  it('nl, desktop', () => journey(browser, 'nl-NL', 1280));
  it('fr, phone', () => journey(browser, 'fr-FR', 390));
});
