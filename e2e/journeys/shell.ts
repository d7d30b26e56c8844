// The shell: keyboard reachability, the phone menu drawer, news bell → content page, admin settings.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launch, newPage, signIn, users } from '../support/browser.ts';

/** Accessible-ish names of the elements Tab reaches, in order. */
async function tabStops(page: Page, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    names.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return '';
        const label =
          el.getAttribute('aria-label') ??
          (el as HTMLInputElement).labels?.[0]?.textContent ??
          el.textContent ??
          '';
        return `${el.tagName.toLowerCase()}:${label.trim().replace(/\s+/g, ' ')}`;
      }),
    );
  }
  return names;
}

describe('shell', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('reaches every control of the top bar, main bar and banner by keyboard', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, users.uitvoerder);
    // a fresh page load: Tab starts at the top of the document
    await page.goto('/');
    await page.getByTestId('banner-large').waitFor();
    const stops = (await tabStops(page, 16)).join(' | ');
    for (const expected of [
      'Naar de inhoud',
      'Taal',
      'Nieuws',
      'Gebruikersmenu',
      'Naar de startpagina',
      'Materieelboek',
      'Project',
      'Favorieten',
      'Afvoerlijst',
      'Bestellijst',
      'Winkelwagen',
      'Zoeken',
      'Kies een locatie',
    ]) {
      assert.ok(stops.includes(expected), `Tab does not reach "${expected}": ${stops}`);
    }
    // the skip link leads to the page content
    await page.goto('/');
    await page.getByTestId('banner-large').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
    await context.close();
  });

  it('offers the navigation in a drawer on a phone', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 740 });
    await signIn(page, users.uitvoerder);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu', exact: true });
    await drawer.waitFor();
    await expectAccessible(page, 'menu drawer (phone)');
    await drawer.getByRole('link', { name: /^Afvoerlijst/ }).click();
    await page.waitForURL(/\/afvoerlijst$/);
    await page.getByRole('heading', { level: 1, name: 'Afvoerlijst' }).waitFor();
    // nothing wider than the screen
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than a 360px screen`);
    await expectAccessible(page, 'Afvoerlijst (phone)');
    await context.close();
  });

  it('opens news from the bell and settings from the admin menu', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, users.admin);
    await page.getByTestId('news-bell').click();
    const item = page.getByRole('menuitem').first();
    await item.waitFor();
    await item.click();
    await page.waitForURL(/\/content-page\//);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, 'ContentPage');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Instellingen' }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole('button', { name: /Algemeen/ }).click();
    await page.getByText('AllowAnonymousUsers').waitFor();
    await expectAccessible(page, 'Settings');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Wachtwoord wijzigen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Wachtwoord wijzigen' }).waitFor();
    await expectAccessible(page, 'WachtwoordWijzigen');
    await context.close();
  });

  it('shows a non-admin no settings link and no settings data', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, users.uitvoerder);
    await page.getByTestId('user-menu').click();
    assert.equal(await page.getByRole('menuitem', { name: 'Instellingen' }).count(), 0);
    await page.keyboard.press('Escape');
    await page.goto('/settings');
    await page.getByRole('alert').filter({ hasText: 'geen toegang' }).waitFor();
    await context.close();
  });
});
