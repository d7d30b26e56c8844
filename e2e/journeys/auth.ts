// Sign in and out, redirect back after login, field validation, expired token.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  baseUrl,
  expectAccessible,
  launch,
  newPage,
  sessionRefreshCookie,
  signIn,
  signOut,
  users,
} from '../support/browser.ts';

describe('account journeys', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('signs in and out', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    // anonymous use is off by default: Home (settings data) sends to Inloggen
    await page.waitForURL(/\/inloggen/);
    await assert.doesNotReject(page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor());
    await expectAccessible(page, 'Inloggen');
    await signIn(page, users.uitvoerder);
    await page.waitForURL(`${baseUrl}/`);
    await page.getByTestId('banner-large').waitFor();
    await expectAccessible(page, 'Home (signed in)');
    await signOut(page);
    assert.equal(await page.evaluate(() => localStorage.getItem('mp.auth')), null);
    await page.getByTestId('login-link').waitFor();
    await context.close();
  });

  it('keeps the session over a reload and in a second tab without a token in storage; signing out ends both', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/inloggen');
    await signIn(page, users.uitvoerder);
    await page.waitForURL(`${baseUrl}/`);
    await sessionRefreshCookie(page); // asserts: no token in local storage, the refresh token HttpOnly
    await page.reload();
    await page.getByTestId('banner-large').waitFor();
    assert.equal(await page.getByTestId('login-link').count(), 0);
    const second = await context.newPage();
    await second.goto('/favorieten');
    await second.getByRole('heading', { level: 1, name: 'Favorieten' }).waitFor();
    await signOut(page);
    await second.getByTestId('login-link').waitFor();
    await context.close();
  });

  it("speaks the browser's language to a visitor and the account's language after sign-in", async () => {
    const { context, page } = await newPage(browser, { locale: 'en-GB' });
    await page.goto('/inloggen');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await context.close();
    // an account kept in English, signing in on a Dutch browser
    const dutch = await newPage(browser, { locale: 'nl-NL' });
    await dutch.page.goto('/inloggen');
    await dutch.page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
    await signIn(dutch.page, users.projectleider);
    await dutch.page.waitForURL(`${baseUrl}/`);
    await dutch.page.getByTestId('language-picker').filter({ hasText: 'EN' }).waitFor();
    await dutch.page.reload();
    await dutch.page.getByTestId('language-picker').filter({ hasText: 'EN' }).waitFor();
    await dutch.context.close();
  });

  it('shows field validation and wrong-credential messages', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/inloggen');
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    assert.equal(await page.getByText('Dit veld is verplicht.').count(), 2);
    await page.getByLabel('E-mailadres').fill('geen-adres');
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await page.getByText('Vul een geldig e-mailadres in.').waitFor();
    // the messages follow the language
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByText(/gültige E-Mail-Adresse/).waitFor();
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitem', { name: 'Nederlands' }).click();
    await page.getByLabel('E-mailadres').fill('niemand@example.com');
    await page
      .getByLabel(/^Wachtwoord/)
      .first()
      .fill('verkeerd-wachtwoord');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'onjuist' }).waitFor();
    await context.close();
  });

  it('returns to the requested page after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/locatie');
    await page.waitForURL(/\/inloggen\?redirectUrl=%2Flocatie/);
    await signIn(page, users.uitvoerder);
    await page.waitForURL(`${baseUrl}/locatie`);
    await page.getByRole('heading', { level: 1, name: 'Locatie' }).waitFor();
    await expectAccessible(page, 'Locatie');
    await context.close();
  });

  it('sends an expired session to Inloggen with info.token_verlopen', async () => {
    const { context, page } = await newPage(browser);
    await page.clock.install();
    await signIn(page, users.uitvoerder);
    await page.waitForURL(`${baseUrl}/`);
    // The session ends elsewhere (its refresh token used by somebody else, so the browser's next use is a
    // replay) and the access token's time runs out.
    const refreshToken = await sessionRefreshCookie(page);
    const res = await fetch(`${baseUrl}/api/v2.0/Auth/refresh-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    assert.ok(res.status < 300, `refresh-login answered ${res.status}`);
    await page.clock.fastForward('20:00');
    await page.getByTestId('nav-favorieten').click();
    await page.waitForURL(/\/inloggen\?redirectUrl=%2Ffavorieten/);
    await page.getByTestId('snackbar').filter({ hasText: 'Je sessie is verlopen' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('mp.auth')), null);
    await context.close();
  });
});
