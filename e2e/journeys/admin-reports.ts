// The reports (issue #15 part 9) over the demo data, in Dutch on a desktop and German on a phone: the four reports of
// every customer and of one, each chart with its table of the same figures, one exported to Excel. axe-core checks the
// page; with SHOTS_DIR it is photographed.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launch, newPage, signIn, startAs, users } from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

const texts = {
  'nl-NL': { table: 'Tabel', export: 'Exporteren', xlsx: /Excel/, customer: 'Klant' },
  'de-DE': { table: 'Tabelle', export: 'Exportieren', xlsx: /Excel/, customer: 'Kunde' },
} as const;

async function journey(browser: Browser, locale: keyof typeof texts, width: number) {
  const say = texts[locale];
  const tag = `${locale.slice(0, 2)}-${width}`;
  const { context, page } = await startAs(browser, locale, width, users.admin);
  try {
    await page.goto('/rapportages');
    for (const kind of ['requests', 'orders', 'indicators', 'costs'])
      await page.getByTestId(`report-${kind}`).waitFor();
    await page.getByTestId('report-requests').locator('svg.recharts-surface').first().waitFor();
    await expectAccessible(page, `Rapportages (${tag})`);
    await shot(page, `reports-${tag}`);

    // one customer: fewer locations than every customer
    const summary = async () => (await page.getByTestId('report-summary').textContent()) ?? '';
    const all = await summary();
    await page.getByTestId('report-customer').click();
    await page.getByRole('option', { name: /Van Dijk/ }).click();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="report-summary"]')?.textContent !== before,
      all,
    );
    assert.notEqual(await summary(), all);

    // the same figures as a table
    const requests = page.getByTestId('report-requests');
    await requests
      .locator('label')
      .filter({ hasText: new RegExp(`^${say.table}$`) })
      .click();
    const rows = requests.getByTestId('report-requests-table').locator('tbody tr');
    await rows.first().waitFor();
    assert.ok((await rows.count()) > 0);
    await expectAccessible(page, `Rapportages, table (${tag})`);

    // the open points as Excel
    const download = page.waitForEvent('download');
    await page.getByTestId('report-indicators-export').click();
    await page.getByTestId('report-indicators-export-xlsx').click();
    const file = await download;
    assert.match(file.suggestedFilename(), /\.xlsx$/);
  } finally {
    await context.close();
  }
}

describe('reports', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('nl, desktop', async () => journey(browser, 'nl-NL', 1280));
  it('de, phone', async () => journey(browser, 'de-DE', 390));

  it("the board (AppRapportage) reaches its own customer's reports from the user menu", async () => {
    const { context, page } = await newPage(browser, { locale: 'nl-NL', width: 1280 });
    try {
      await context.addInitScript(() => {
        localStorage.setItem('mp.preferences', JSON.stringify({ locale: 'nl-NL' }));
        localStorage.setItem(
          'mp.serviceMessages',
          JSON.stringify({ viewedIds: [], lastShownDay: { 'nl-NL': new Date().toISOString().slice(0, 10) } }),
        );
      });
      await signIn(page, 'directie@vandijk.nl');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-reports').click();
      await page.waitForURL(/\/rapportages$/);
      await page.getByTestId('report-costs').waitFor();
      // no customer choice: the board sees its own customer only
      assert.equal(await page.getByTestId('report-customer').count(), 0);
      await expectAccessible(page, 'Rapportages, the board (nl-1280)');
    } finally {
      await context.close();
    }
  });
});
