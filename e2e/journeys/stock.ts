// Equipment on site (issue #10), in Dutch and German, on a phone and on a desktop: open the stock of the
// selected location, sort it, open a piece, see its history, on a phone type its number on the scan page and put
// it on the removal list (the count in the menu follows), put a line on the removal list and see the count in the
// main bar. axe-core checks every page; with SHOTS_DIR the pages are also photographed.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launch, setSetting, startOnSite } from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

const texts = {
  'nl-NL': {
    location: 'Kies een locatie',
    added: 'Toegevoegd aan de afvoerlijst.',
    menu: 'Menu',
    list: /Afvoerlijst/,
  },
  'de-DE': {
    location: 'Baustelle wählen',
    added: 'Zur Rückgabeliste hinzugefügt.',
    menu: 'Menü',
    list: /Rückgabeliste/,
  },
} as const;

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png` });
  await page.screenshot({ path: `${shots}/${name}-full.png`, fullPage: true });
}

async function removalCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('nav-afvoerlijst').getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? '0');
}

async function journey(browser: Browser, locale: 'nl-NL' | 'de-DE', width: number, locationIndex: number) {
  const { context, page, tag } = await startOnSite(browser, locale, width, locationIndex);
  try {
    await page.goto('/materieelvoorraad');
    await page.getByTestId('stock-row').first().waitFor();
    await expectAccessible(page, `Materieelvoorraad (${tag})`);
    await shot(page, `materieelvoorraad-${tag}`);
    if (shots) {
      await page.getByTestId('stock-row').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/materieelvoorraad-${tag}-list.png` });
    }

    // sort by quantity, highest first (the browser's own select, on every width)
    await page.getByTestId('stock-sort').selectOption('quantityDesc');
    await page.waitForURL(/sort=quantityDesc/);
    await page.getByTestId('stock-row').first().waitFor();

    // a numbered plant with inspections: open it (its number is searched over the locations below)
    const plantLink = page
      .getByTestId('stock-row')
      .filter({ has: page.getByTestId('inspection-badge') })
      .locator('a[href^="/materieelvoorraad/details/"]')
      .first();
    const href = (await plantLink.getAttribute('href')) ?? '';
    assert.ok(href, 'a numbered plant on site');
    const plantNo = decodeURIComponent(href.split('/').at(-1) ?? '');
    await page.goto(href);
    await page.getByTestId('plant-card').waitFor();
    await page.getByTestId('inspection-table').waitFor();
    await expectAccessible(page, `MaterieelvoorraadDetails (${tag})`);
    await shot(page, `materieelstuk-${tag}`);

    // its history
    await page.locator('a[href^="/voorraadverloop/"]').first().click();
    await page.getByTestId('history-table').waitFor();
    await expectAccessible(page, `Voorraadverloop (${tag})`);
    await shot(page, `voorraadverloop-${tag}`);

    // on a phone: type the plant's number on the scan page, put it on the removal list, see the count in the menu
    if (width < 500) {
      await page.goto('/materieelvoorraad/scannen');
      await page.getByTestId('scan-input').fill(plantNo.toLowerCase());
      await page.getByTestId('scan-submit').click();
      await page.getByTestId('scan-result').waitFor();
      await expectAccessible(page, `Materieel scannen (${tag})`);
      await shot(page, `scannen-${tag}`);
      await page.getByTestId('scan-remove').click();
      await page.getByRole('status').filter({ hasText: texts[locale].added }).first().waitFor();
      await page.getByTestId('nav-burger').click();
      const link = page.getByRole('dialog').getByRole('link', { name: texts[locale].list });
      await page.waitForFunction(
        (el) => Number(/(\d+)/.exec(el?.getAttribute('aria-label') ?? '')?.[1] ?? '0') > 0,
        await link.elementHandle(),
      );
      await page.keyboard.press('Escape');
      await page.goto('/materieelvoorraad/labels');
      await page.getByTestId('label').first().waitFor();
      await expectAccessible(page, `Materieellabels (${tag})`);
      await shot(page, `labels-${tag}`);
    }

    // onto the removal list from the stock page; the main bar count follows (desktop shows the bar)
    await page.goto('/materieelvoorraad');
    await page.getByTestId('stock-row').first().waitFor();
    const before = width >= 1000 ? await removalCount(page) : 0;
    const row = page
      .getByTestId('stock-row')
      .filter({ has: page.getByTestId('remove-line') })
      .first();
    await row.getByTestId('remove-line').click();
    await page.getByTestId('removal-confirm').click();
    await page.getByRole('status').filter({ hasText: texts[locale].added }).first().waitFor();
    if (width >= 1000) {
      await page.waitForFunction((n) => {
        const label =
          document.querySelector('[data-testid="nav-afvoerlijst"]')?.getAttribute('aria-label') ?? '';
        return Number(/(\d+)/.exec(label)?.[1] ?? '0') > n;
      }, before);
    }

    // inspections, all stock, and the search over locations (twice of the four runs: one per language and width)
    if ((locale === 'nl-NL') !== width >= 1000) return;
    await page.goto('/materieelkeuringen');
    await page.getByTestId('inspection-row').first().waitFor();
    await expectAccessible(page, `Materieelkeuringen (${tag})`);
    await shot(page, `materieelkeuringen-${tag}`);
    await page.goto('/allematerieelvoorraad');
    await page.getByTestId('location-group').first().waitFor();
    await expectAccessible(page, `AlleMaterieelvoorraad (${tag})`);
    await shot(page, `allematerieelvoorraad-${tag}`);
    await page.goto('/Materieel-Zoeken-Locaties');
    await page.getByTestId('stock-search').fill(plantNo);
    await page.getByTestId('location-group').first().waitFor();
    assert.equal(await page.getByTestId('location-group').count(), 1);
    await expectAccessible(page, `Materieel zoeken op locaties (${tag})`);
    await shot(page, `zoeken-locaties-${tag}`);
  } catch (e) {
    await page.screenshot({ path: `/tmp/stock-failure-${tag}.png`, fullPage: true }).catch(() => undefined);
    throw e;
  } finally {
    await context.close();
  }
}

describe('equipment on site', () => {
  let browser: Browser;
  before(async () => {
    await setSetting('Materieelvoorraad_ScannenEnabled', true);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
  it('nl, phone', () => journey(browser, 'nl-NL', 390, 1));
  it('de, phone', () => journey(browser, 'de-DE', 390, 2));
  it('nl, desktop', () => journey(browser, 'nl-NL', 1280, 0));
  it('de, desktop', () => journey(browser, 'de-DE', 1280, 3));
});
