// Language switch: texts change, <html lang> follows, the choice persists across reloads.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { expectAccessible, launch, newPage } from '../support/browser.ts';

describe('language picker', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('switches to English by keyboard and keeps the choice', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/inloggen');
    await page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'nl');

    // keyboard only: focus the picker, open it, choose English
    await page.getByTestId('language-picker').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'English' }).waitFor();
    await page.getByRole('menuitem', { name: 'English' }).focus();
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await expectAccessible(page, 'Inloggen (en)');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    const prefs = await page.evaluate(() => localStorage.getItem('mp.preferences'));
    assert.match(prefs ?? '', /en-US/);

    // and back to Dutch with the mouse
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitem', { name: 'Nederlands' }).click();
    await page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
    await context.close();
  });
});
