// Location selector: select (persisted, lists reloaded for the location), clear (lists emptied).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { expectAccessible, launch, newPage, signIn, users } from '../support/browser.ts';

describe('location selector', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('selects, keeps and clears the location', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, users.uitvoerder);
    const selector = page.getByRole('combobox', { name: 'Kies een locatie' });
    await selector.click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    const count = await options.count();
    assert.ok(count >= 1, 'the demo user has locations');
    const label = (await options.first().textContent())?.trim() ?? '';
    const [number] = label.split(' - ');

    // typing filters: the number matches its own entry
    await selector.fill(number);
    await page.getByRole('option', { name: label }).waitFor();

    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v2\.0\/(OrderLists|RemovalLists)\//.test(r.url())) listCalls.push(r.url());
    });
    await page.getByRole('option', { name: label }).click();
    assert.equal(await selector.inputValue(), label);
    await page.waitForTimeout(300);
    assert.ok(
      listCalls.some((u) => u.includes(`/OrderLists/${encodeURIComponent(number)}`)),
      `order list reloaded: ${listCalls}`,
    );
    assert.ok(
      listCalls.some((u) => u.includes(`/RemovalLists/${encodeURIComponent(number)}`)),
      `removal list reloaded: ${listCalls}`,
    );

    // persisted across a reload
    await page.reload();
    await page.getByRole('combobox', { name: 'Kies een locatie' }).waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Kies een locatie' }).inputValue(), label);
    await page.goto('/locatie-gegevens');
    await page.getByRole('cell', { name: number, exact: true }).waitFor();
    await expectAccessible(page, 'LocatieGegevens');

    // clearing resets it (keyboard: focus the clear button, Enter)
    await page.getByRole('button', { name: 'Locatie wissen' }).focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.getByRole('combobox', { name: 'Kies een locatie' }).inputValue(), '');
    assert.equal(await page.evaluate(() => localStorage.getItem('mp.location')), null);
    await page.getByText('Kies eerst een locatie').first().waitFor();
    await context.close();
  });
});
