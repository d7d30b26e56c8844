// The cost on site (issue #37 point 1) over the demo data, in Dutch on a phone and German on a desktop: the card on
// Home for the selected location leads to /kosten, which shows the figures in the language's money format, the chart
// of cost per week (drawn bars) and the top 10, every item on request; the board's report sums its customer's
// locations. axe-core checks each page; with SHOTS_DIR the pages are photographed.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launch, startAs, startOnSite } from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** Money as the language writes it: € 1.287,50 (nl) or 1.287,50 € (de). */
const moneyOf: Record<string, RegExp> = {
  'nl-NL': /^€\s\d{1,3}(\.\d{3})*,\d{2}$/,
  'de-DE': /^\d{1,3}(\.\d{3})*,\d{2}\s€$/,
};
const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

async function costs(browser: Browser, locale: 'nl-NL' | 'de-DE', width: number) {
  const { context, page, tag } = await startOnSite(browser, locale, width, 0);
  try {
    // Home's card for the selected location (its code comes after the first paint)
    await page.goto('/');
    const card = page.getByTestId('home-costs');
    await card.getByTestId('home-costs-month').waitFor();
    assert.match((await card.getByTestId('home-costs-month').textContent()) ?? '', /\d,\d{2}/);
    await shot(page, `home-kosten-${tag}`);
    await card.getByRole('link').click();
    await page.waitForURL(/\/kosten$/);

    await page.getByTestId('cost-month-amount').waitFor();
    for (const id of ['cost-month-amount', 'cost-since-start-amount']) {
      assert.match(await text(page, id), moneyOf[locale] as RegExp, `${id} (${tag})`);
    }
    // the chart: bars drawn for the weeks with costs, stacked by category, a legend
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="cost-chart"] .recharts-bar-rectangle path').length > 0,
    );
    assert.ok((await page.getByTestId('cost-legend').locator('li').count()) >= 1);
    const items = await page.getByTestId('cost-item').count();
    assert.ok(items >= 1 && items <= 10, `top 10: ${items} rows`);
    // every item with its plants, asked for on request
    await page.getByTestId('cost-items-all').click();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="cost-item"]').length > 10 ||
        document.querySelectorAll('[data-testid="cost-plant"]').length > 0,
    );
    // the project's end: projected, or said to be missing
    const end = page.getByTestId('cost-project-end-amount').or(page.getByTestId('cost-no-end-date'));
    await end.first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `Kosten (${tag})`);
    await shot(page, `kosten-${tag}`);
  } catch (e) {
    await page.screenshot({ path: `/tmp/costs-failure-${tag}.png`, fullPage: true }).catch(() => undefined);
    throw e;
  } finally {
    await context.close();
  }
}

describe('cost on site', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('nl, phone: the Home card, then the cost page with its chart and top 10', () =>
    costs(browser, 'nl-NL', 390));
  it('de, desktop: the Home card, then the cost page with its chart and top 10', () =>
    costs(browser, 'de-DE', 1280));

  it("nl, phone: the management's report across the customer's locations", async () => {
    const { context, page } = await startAs(browser, 'nl-NL', 390, 'directie@vandijk.nl');
    try {
      await page.goto('/rapportages');
      await page.getByTestId('report-costs-month').waitFor();
      assert.match(
        ((await page.getByTestId('report-costs-since').textContent()) ?? '').replace(/\s/g, ' '),
        /€ \d{1,3}(\.\d{3})*,\d{2}/,
      );
      assert.ok((await page.getByTestId('report-cost-locations').locator('tbody tr').count()) >= 1);
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid="report-cost-chart"] .recharts-bar-rectangle path').length >
          0,
      );
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, 'Rapportages, kosten (nl-390)');
      await shot(page, 'rapportages-kosten-nl-390');
    } catch (e) {
      await page.screenshot({ path: '/tmp/costs-failure-report.png', fullPage: true }).catch(() => undefined);
      throw e;
    } finally {
      await context.close();
    }
  });
});
