// The relocation journey (issue #11), in Dutch and French, on a desktop and a phone: put stock on the removal list,
// choose "move" on /afvoerlijst, go through the relocation wizard (Gegevens → Afronden → Voltooid) and find the
// request in /aanvragen. axe-core checks every step; with SHOTS_DIR the pages are also photographed.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launch, startOnSite } from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

const texts = {
  'nl-NL': { added: 'Toegevoegd aan de afvoerlijst.', kind: 'Verplaatsing' },
  'fr-FR': { added: 'Ajouté à la liste de retour.', kind: 'Transfert' },
} as const;

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

async function journey(browser: Browser, locale: 'nl-NL' | 'fr-FR', width: number, locationIndex: number) {
  const { context, page, tag } = await startOnSite(browser, locale, width, locationIndex);
  try {
    // a bulk line onto the removal list from the stock page
    await page.goto('/materieelvoorraad?sort=quantityDesc');
    await page.getByTestId('stock-row').first().waitFor();
    const row = page
      .getByTestId('stock-row')
      .filter({ has: page.getByTestId('remove-line') })
      .first();
    await row.getByTestId('remove-line').click();
    await page.getByTestId('removal-confirm').click();
    await page.getByRole('status').filter({ hasText: texts[locale].added }).first().waitFor();

    // the list, then on to the relocation wizard
    await page.goto('/afvoerlijst');
    await page.getByTestId('removal-line').first().waitFor();
    await page.getByTestId('to-relocation').click();

    // Gegevens: the first other location, the first day the calendar offers, a return a few weeks on, a typed address
    await page.waitForURL(/\/verplaatsen\/gegevens/);
    await page.getByTestId('relocation-next').waitFor();
    await expectAccessible(page, `Verplaatsen gegevens (${tag})`);
    await page.getByTestId('relocation-target').click();
    await page.getByRole('option').first().click();
    const days = '.mantine-DatePickerInput-day:not([disabled]):not([data-outside])';
    await page.getByTestId('relocation-date').click();
    await page.locator(days).first().click();
    // the first calendar has closed before the second opens
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 0, days);
    await page.getByTestId('relocation-return').click();
    await page.locator(days).last().click();
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 0, days);
    await page.locator('label[for$="-other_address"]').click();
    await page.locator('#relocation-street').fill('Stationsweg 4');
    await page.locator('#relocation-city').fill('Utrecht');
    for (const [id, value] of [
      ['relocation-contact', 'Jeroen de Wit'],
      ['relocation-phone', '06 12 34 56 01'],
    ] as const) {
      const field = page.getByTestId(id);
      if (!(await field.inputValue())) await field.fill(value);
    }
    await shot(page, `verplaatsen-gegevens-${tag}`);
    await page.getByTestId('relocation-next').click();

    // Afronden: the summary, the terms when asked, send
    await page.waitForURL(/\/verplaatsen\/afronden/);
    await page.getByTestId('relocation-summary').waitFor();
    await expectAccessible(page, `Verplaatsen afronden (${tag})`);
    await shot(page, `verplaatsen-afronden-${tag}`);
    const terms = page.getByTestId('terms');
    if (await terms.count()) await terms.check();
    await page.getByTestId('submit-relocation').click();

    // Voltooid, and the request in /aanvragen with its kind
    await page.waitForURL(/\/verplaatsen\/voltooid/);
    const requestNo = (await page.getByTestId('request-no').textContent()) ?? '';
    assert.match(requestNo, /A-\d{4}-\d{6}/);
    await expectAccessible(page, `Verplaatsen voltooid (${tag})`);
    await shot(page, `verplaatsen-voltooid-${tag}`);
    await page.getByTestId('to-request').click();
    await page.waitForURL(/\/aanvragen\/[0-9a-f-]{36}$/);
    await page
      .getByText(/A-\d{4}-\d{6}/)
      .first()
      .waitFor();
    await page.getByText(texts[locale].kind, { exact: true }).first().waitFor();
    // the list is empty again
    await page.goto('/afvoerlijst');
    await page.waitForLoadState('networkidle');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await page.getByTestId('removal-line').count(), 0);
  } catch (e) {
    await page
      .screenshot({ path: `/tmp/relocation-failure-${tag}.png`, fullPage: true })
      .catch(() => undefined);
    throw e;
  } finally {
    await context.close();
  }
}

describe('relocation', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
  it('nl, desktop', () => journey(browser, 'nl-NL', 1280, 2));
  it('fr, phone', () => journey(browser, 'fr-FR', 390, 3));
  it('fr, desktop', () => journey(browser, 'fr-FR', 1280, 1));
  it('nl, phone', () => journey(browser, 'nl-NL', 390, 0));
});
