// AllowAnonymousUsers off: settings-data routes send to Inloggen; on: Home, Sets and Materieel are open.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { baseUrl, expectAccessible, launch, newPage, setSetting } from '../support/browser.ts';

describe('anonymous visitors', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await setSetting('AllowAnonymousUsers', false).catch(() => undefined);
    await browser?.close();
  });

  it('go to Inloggen when anonymous use is off', async () => {
    await setSetting('AllowAnonymousUsers', false);
    const { context, page } = await newPage(browser);
    await page.goto('/sets');
    await page.waitForURL(/\/inloggen\?redirectUrl=%2Fsets/);
    // auth routes too
    await page.goto('/bestellijst');
    await page.waitForURL(/\/inloggen\?redirectUrl=%2Fbestellijst/);
    await context.close();
  });

  it('see Home and the catalogue when anonymous use is on', async () => {
    await setSetting('AllowAnonymousUsers', true);
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByTestId('banner-large').waitFor();
    assert.equal(page.url(), `${baseUrl}/`);
    // anonymous: no location selector, no signed-in menu items, a login link
    assert.equal(await page.getByTestId('location-selector').count(), 0);
    assert.equal(await page.getByTestId('nav-bestellijst').count(), 0);
    await page.getByTestId('login-link').waitFor();
    await expectAccessible(page, 'Home (anonymous)');
    await page.getByTestId('nav-materieel').click();
    await page.waitForURL(/\/materieel/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, 'Materieel (anonymous)');
    // auth routes still need a login
    await page.goto('/favorieten');
    await page.waitForURL(/\/inloggen\?redirectUrl=%2Ffavorieten/);
    await context.close();
  });
});
