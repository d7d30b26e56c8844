// The transport journey (issue #11 part 4), in Dutch and French, on a desktop and a phone: from /aanvragen to the
// transport wizard (Gegevens → Afronden → Voltooid) and back to the request in /aanvragen with its windows and
// cargo. axe-core checks every step; with SHOTS_DIR the pages are also photographed.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launch, startOnSite } from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

const texts = {
  'nl-NL': { kind: 'Transport', cargo: 'Lading' },
  'fr-FR': { kind: 'Transport', cargo: 'Marchandises transportées' },
} as const;

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

async function journey(browser: Browser, locale: 'nl-NL' | 'fr-FR', width: number, locationIndex: number) {
  const { context, page, tag } = await startOnSite(browser, locale, width, locationIndex);
  const cargo = `Twee bouwketen 6 x 2,5 m (${tag})`;
  try {
    await page.goto('/aanvragen');
    await page.getByTestId('new-transport').click();

    // Gegevens: another location, the first day the calendar offers, the windows as offered, the cargo, the
    // pick-up at the location's default work address (or typed when it has none), delivery at a typed address
    await page.waitForURL(/\/transport-aanvraag\/gegevens/);
    await page.getByTestId('transport-next').waitFor();
    await expectAccessible(page, `Transport gegevens (${tag})`);
    await page.getByTestId('transport-target').click();
    await page.getByRole('option').first().click();
    const days = '.mantine-DatePickerInput-day:not([disabled]):not([data-outside])';
    await page.getByTestId('transport-date').click();
    await page.locator(days).first().click();
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 0, days);
    await page.getByTestId('transport-cargo').fill(cargo);
    if (!(await page.locator('#transport-from-addressCode').inputValue())) {
      await page.locator('label[for$="-other_address"]').first().click();
      await page.locator('#transport-from-street').fill('Kerkstraat 1');
      await page.locator('#transport-from-city').fill('Amersfoort');
    }
    await page.locator('label[for$="-other_address"]').last().click();
    await page.locator('#transport-to-street').fill('Stationsweg 4');
    await page.locator('#transport-to-city').fill('Utrecht');
    for (const [id, value] of [
      ['transport-from-contact', 'Jeroen de Wit'],
      ['transport-from-phone', '06 12 34 56 01'],
      ['transport-to-contact', 'Anna Bos'],
      ['transport-to-phone', '06 98 76 54 32'],
    ] as const) {
      const field = page.getByTestId(id);
      if (!(await field.inputValue())) await field.fill(value);
    }
    // a loading window of our own, found again in the summary (a window that ends before it begins is refused at the
    // field: submit-transport.test.ts and TransportPages.test.tsx)
    await page.getByTestId('transport-loadingUntil').fill('11:30');
    await shot(page, `transport-gegevens-${tag}`);
    await page.getByTestId('transport-next').click();

    // Afronden: the summary, the terms when asked, send
    await page.waitForURL(/\/transport-aanvraag\/afronden/);
    const summary = page.getByTestId('transport-summary');
    await summary.waitFor();
    assert.match((await summary.textContent()) ?? '', /11:30/);
    await expectAccessible(page, `Transport afronden (${tag})`);
    await shot(page, `transport-afronden-${tag}`);
    const terms = page.getByTestId('terms');
    if (await terms.count()) await terms.check();
    await page.getByTestId('submit-transport').click();

    // Voltooid, and the request with its kind, windows and cargo
    await page.waitForURL(/\/transport-aanvraag\/voltooid/);
    const requestNo = (await page.getByTestId('request-no').textContent()) ?? '';
    assert.match(requestNo, /A-\d{4}-\d{6}/);
    await expectAccessible(page, `Transport voltooid (${tag})`);
    await shot(page, `transport-voltooid-${tag}`);
    await page.getByTestId('to-request').click();
    await page.waitForURL(/\/aanvragen\/[0-9a-f-]{36}$/);
    await page.getByText(cargo).first().waitFor();
    await page.getByText(texts[locale].kind, { exact: true }).first().waitFor();
    await page.getByText(texts[locale].cargo, { exact: true }).first().waitFor();
    await expectAccessible(page, `Transport request (${tag})`);
    await shot(page, `transport-aanvraag-${tag}`);
    // the form starts afresh
    await page.goto('/transport-aanvraag/gegevens');
    await page.getByTestId('transport-cargo').waitFor();
    assert.equal(await page.getByTestId('transport-cargo').inputValue(), '');
  } catch (e) {
    await page
      .screenshot({ path: `/tmp/transport-failure-${tag}.png`, fullPage: true })
      .catch(() => undefined);
    throw e;
  } finally {
    await context.close();
  }
}

describe('transport', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
  it('nl, desktop', () => journey(browser, 'nl-NL', 1280, 0));
  it('fr, phone', () => journey(browser, 'fr-FR', 390, 1));
  it('fr, desktop', () => journey(browser, 'fr-FR', 1280, 2));
  it('nl, phone', () => journey(browser, 'nl-NL', 390, 3));
});
