// Page usage (issue #15 part 8) over the demo's 90 days of page views, in Dutch on a desktop and German on a phone:
// the totals, the chart and the same figures as a table, the screens and the most viewed addresses, another period.
// axe-core checks each view; with SHOTS_DIR they are photographed.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launch, startAs, users } from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

const texts = {
  'nl-NL': { table: 'Tabel', week: '7 dagen', home: 'Home' },
  'de-DE': { table: 'Tabelle', week: '7 Tage', home: 'Startseite' },
} as const;

async function journey(browser: Browser, locale: keyof typeof texts, width: number) {
  const say = texts[locale];
  const tag = `${locale.slice(0, 2)}-${width}`;
  const { context, page } = await startAs(browser, locale, width, users.admin);
  try {
    await page.goto('/pagina-gebruik');
    await page.getByTestId('usage-chart').locator('svg').first().waitFor();
    const total = async () =>
      Number(
        ((await page.getByTestId('usage-summary').locator('p').nth(1).textContent()) ?? '0').replace(
          /\D/g,
          '',
        ),
      );
    const month = await total();
    assert.ok(month > 100, `the demo has page views over 30 days (${month})`);
    // Home is among the screens, named as the menu names it
    await page.getByTestId('usage-screen-table').getByRole('cell', { name: say.home, exact: true }).waitFor();
    await expectAccessible(page, `Paginagebruik (${tag})`);
    await shot(page, `page-usage-${tag}`);

    await page
      .locator('label')
      .filter({ hasText: new RegExp(`^${say.table}$`) })
      .click();
    const rows = page.getByTestId('usage-day-table').locator('tbody tr');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 30);
    await expectAccessible(page, `Paginagebruik, table (${tag})`);

    await page
      .locator('label')
      .filter({ hasText: new RegExp(`^${say.week}$`) })
      .click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="usage-day-table"] tbody tr').length === 7,
    );
    assert.ok((await total()) < month);
  } finally {
    await context.close();
  }
}

describe('page usage', () => {
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
