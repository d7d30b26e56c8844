// Quick search: results after the pause with the words in bold; a click opens Details; Enter opens Zoeken.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { expectAccessible, launch, newPage, signIn, users } from '../support/browser.ts';

describe('product search box', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('finds equipment and opens its details', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, users.uitvoerder);
    const box = page.getByRole('combobox', { name: 'Zoeken' });
    await box.fill('steiger');
    const option = page.getByRole('option').first();
    await option.waitFor();
    assert.match(((await option.locator('strong').first().textContent()) ?? '').toLowerCase(), /steiger/);
    await expectAccessible(page, 'Home with quick results');
    const isSet = ((await option.textContent()) ?? '').includes('Set:');
    await option.click();
    await page.waitForURL(isSet ? /\/set\// : /\/details\//);
    assert.equal(await box.inputValue(), '');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, 'Details');

    // Enter with the keyboard: the results page (or the only result)
    await box.focus();
    await page.keyboard.type('bouw');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/(zoeken\/bouw|details\/|set\/)/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, 'Zoeken');
    await context.close();
  });
});
