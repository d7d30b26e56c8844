// The settings editor (issue #15 part 1) as the administrator uses it, in Dutch on a desktop and German on a phone:
// find a setting by its description, change the banner title and see it in the shell at once, a number out of bounds
// named at its field, back to the default. axe-core checks the page; with SHOTS_DIR it is photographed.
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
    search: 'Instelling zoeken',
    bannerWords: 'titel banner',
    save: 'Opslaan',
    saved: 'Instellingen opgeslagen.',
    reset: 'Standaard herstellen: CustomTitle',
    defaultTitle: /Materieel/,
    tooBig: /maximaal|hoogstens|groot/i,
  },
  'de-DE': {
    search: 'Einstellung suchen',
    bannerWords: 'titel banner',
    save: 'Speichern',
    saved: /gespeichert/i,
    reset: 'Standard wiederherstellen: CustomTitle',
    defaultTitle: /Materieel|Baumaschinen|Geräte/,
    tooBig: /höchstens|groß|maximal/i,
  },
} as const;

/** Back to the defaults whatever happened (the journeys share one server). */
async function resetAll() {
  const token = await apiToken(users.admin);
  for (const key of ['CustomTitle', 'Prijzen_AantalDecimalen'])
    await fetch(`${baseUrl}/api/v2.0/Settings/${key}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
}

async function journey(browser: Browser, locale: keyof typeof texts, width: number) {
  const say = texts[locale];
  const tag = `${locale.slice(0, 2)}-${width}`;
  const { context, page } = await startAs(browser, locale, width, users.admin);
  try {
    await page.goto('/settings');
    await page.getByTestId('settings-group').first().waitFor();
    await expectAccessible(page, `Settings (${tag})`);
    await shot(page, `settings-${tag}`);

    // found by words of its description in the admin's language
    await page
      .getByRole('searchbox', { name: say.search })
      .fill(locale === 'nl-NL' ? 'titel in de banner' : 'Banner');
    const title = page.getByLabel('CustomTitle', { exact: true });
    await title.waitFor();
    await title.fill(`Bouwplaats ${tag}`);
    await page.getByTestId('settings-group-weergave').getByRole('button', { name: say.save }).click();
    await page.getByText(say.saved).first().waitFor();
    // the shell shows it at once (the large banner is on Home)
    await page.goto('/');
    await page
      .getByTestId('banner-large')
      .getByRole('heading', { name: `Bouwplaats ${tag}` })
      .waitFor();

    // a number out of bounds is named at its field, nothing is sent
    await page.goto('/settings');
    await page.getByRole('searchbox', { name: say.search }).fill('Prijzen_AantalDecimalen');
    const decimals = page.getByLabel('Prijzen_AantalDecimalen', { exact: true });
    await decimals.fill('99');
    await page.getByTestId('settings-group-prijzen').getByRole('button', { name: say.save }).click();
    await page.getByTestId('settings-group-prijzen').getByText(say.tooBig).waitFor();
    assert.equal(await decimals.getAttribute('aria-invalid'), 'true');
    await expectAccessible(page, `Settings, a refused value (${tag})`);
    await shot(page, `settings-refused-${tag}`);

    // back to the default
    await page.getByRole('searchbox', { name: say.search }).fill('CustomTitle');
    await page.getByRole('button', { name: say.reset }).click();
    await page.getByRole('button', { name: say.reset }).waitFor({ state: 'detached' });
    await page.goto('/');
    const heading = page.getByTestId('banner-large').getByRole('heading');
    await heading.waitFor();
    assert.match((await heading.textContent()) ?? '', say.defaultTitle);
  } finally {
    await context.close();
    await resetAll();
  }
}

describe('the settings editor', () => {
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
