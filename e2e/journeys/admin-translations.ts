// The translations page (issue #15 part 7) as the administrator uses it, in Dutch on a desktop and German on a phone:
// find a text, change it in the interface's language and see it in the shell at once (no rebuild, no reload), then
// put it back to the bundle's text. axe-core checks the page and the dialog; with SHOTS_DIR they are photographed.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiToken, baseUrl, expectAccessible, launch, startAs, users } from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

const texts = {
  'nl-NL': {
    search: 'Zoeken in sleutels en teksten',
    edit: 'Bewerken',
    save: 'Opslaan',
    restore: 'Standaardtekst herstellen',
  },
  'de-DE': {
    search: 'In Schlüsseln und Texten suchen',
    edit: 'Bearbeiten',
    save: 'Speichern',
    restore: /Standardtext wiederherstellen/,
  },
} as const;

const KEY = 'banner.standaard_titel';

/** The bundle's text again whatever happened (the journeys share one server). */
async function restoreAll() {
  const token = await apiToken(users.admin);
  for (const locale of ['nl-NL', 'de-DE'])
    await fetch(`${baseUrl}/api/v2.0/Translations/${locale}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ [KEY]: null }),
    });
}

async function journey(browser: Browser, locale: keyof typeof texts, width: number) {
  const say = texts[locale];
  const tag = `${locale.slice(0, 2)}-${width}`;
  const { context, page } = await startAs(browser, locale, width, users.admin);
  try {
    await page.goto('/translations');
    await page.getByTestId('translation-row').first().waitFor();
    await expectAccessible(page, `Translations (${tag})`);
    await shot(page, `translations-${tag}`);

    await page.getByRole('searchbox', { name: say.search }).fill(KEY);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="translation-row"]').length === 1,
    );
    await page.getByRole('button', { name: `${say.edit}: ${KEY}` }).click();
    const dialog = page.getByRole('dialog');
    const field = dialog.getByTestId(`translation-${locale}`);
    const title = `Bouwportaal ${tag}`;
    await field.fill(title);
    await expectAccessible(page, `Translations, a text (${tag})`);
    await dialog.getByTestId('translation-save').click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('translation-row');
    assert.match((await row.textContent()) ?? '', new RegExp(title));

    // the shell shows it without a reload: Home's banner title is this text when no CustomTitle is set
    // (an in-app navigation: the router follows the history, the page is not loaded again)
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    await page.evaluate(() => {
      history.pushState({}, '', '/');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByTestId('banner-large').getByRole('heading', { name: title }).waitFor();
    assert.equal(await page.evaluate(() => performance.getEntriesByType('navigation').length), loads);
    await shot(page, `translations-home-${tag}`);

    // and back to the bundle's text
    await page.goto('/translations');
    await page.getByRole('searchbox', { name: say.search }).fill(KEY);
    await page.getByRole('button', { name: `${say.edit}: ${KEY}` }).click();
    await dialog.getByRole('button', { name: say.restore }).click();
    await dialog.getByTestId('translation-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(
      (t) => !document.querySelector('[data-testid="translation-row"]')?.textContent?.includes(t),
      title,
    );
  } finally {
    await context.close();
    await restoreAll();
  }
}

describe('the translations page', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('nl, desktop', async () => journey(browser, 'nl-NL', 1280));
  it('de, phone', async () => journey(browser, 'de-DE', 390));
});
