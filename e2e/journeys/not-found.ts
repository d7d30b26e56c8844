// Unknown paths go to /404; the page leads back Home.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { baseUrl, expectAccessible, launch, newPage, signIn, users } from '../support/browser.ts';

describe('not found', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('redirects unknown paths to /404', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/dit/bestaat/niet');
    await page.waitForURL(`${baseUrl}/404`);
    await page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' }).waitFor();
    await expectAccessible(page, 'NotFound');
    await signIn(page, users.uitvoerder);
    await page.goto('/ook-niet');
    await page.waitForURL(`${baseUrl}/404`);
    await page.getByRole('main').getByRole('link', { name: 'Naar de startpagina' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByTestId('banner-large').waitFor();
    assert.equal(await page.title(), 'Home | Materieelportaal');
    await context.close();
  });
});
