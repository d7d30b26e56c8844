// Ordering end to end, in Dutch and in English: sign in, pick a location, browse a category, filter, add two
// items, open details and add from there, edit amounts (autosaved), fill in and submit the order wizard,
// and find the request in /aanvragen. axe-core checks every page on the way.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, launch, newPage, signIn, users } from '../support/browser.ts';

const texts = {
  'nl-NL': {
    location: 'Kies een locatie',
    added: 'Het geselecteerde materieel is toegevoegd aan de bestellijst.',
    detailAdded: 'Toegevoegd aan de bestellijst.',
    saved: 'Bestellijst opgeslagen.',
    amountRequired: 'Vul bij elke regel een aantal groter dan 0 in voordat je verder gaat.',
    delivery: 'Gewenste leverdatum',
    requestNo: /Aanvraagnummer: (A-\d{4}-\d+)/,
  },
  'en-US': {
    location: 'Choose a location',
    added: 'The selected equipment has been added to the order list.',
    detailAdded: 'Added to the order list.',
    saved: 'Order list saved.',
    amountRequired: 'Enter a quantity greater than 0 on every line before continuing.',
    delivery: 'Requested delivery date',
    requestNo: /Request number: (A-\d{4}-\d+)/,
  },
} as const;

async function cartCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('cart-link').getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? '0');
}

async function snackbarSays(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

async function journey(browser: Browser, locale: 'nl-NL' | 'en-US', locationIndex: number) {
  const { context, page } = await newPage(browser, { locale });
  try {
    await steps(page, context, locale, locationIndex);
  } catch (e) {
    if (process.env.E2E_DEBUG)
      await page.screenshot({ path: `/tmp/ordering-failure-${locale}.png`, fullPage: true });
    throw e;
  } finally {
    await context.close();
  }
}

async function steps(page: Page, context: BrowserContext, locale: 'nl-NL' | 'en-US', locationIndex: number) {
  const x = texts[locale];
  const step = (s: string) => process.env.E2E_DEBUG && process.stderr.write(`[ordering ${locale}] ${s}\n`);
  await context.addInitScript((l) => {
    if (!localStorage.getItem('mp.preferences'))
      localStorage.setItem('mp.preferences', JSON.stringify({ locale: l }));
    // no service-message toasts over the journey
    localStorage.setItem(
      'mp.serviceMessages',
      JSON.stringify({ viewedIds: [], lastShownDay: { [l]: new Date().toISOString().slice(0, 10) } }),
    );
  }, locale);
  const tag = locale.slice(0, 2);

  await signIn(page, users.uitvoerder);
  const selector = page.getByRole('combobox', { name: x.location });
  // focus opens the list (a click can land on the sticky header when the banner sits under it)
  await selector.focus();
  await page.getByRole('option').nth(locationIndex).click();

  // browse: root categories → subcategories → the catalogue of one
  step('browse: root categories → subcategories → the catalogue of one');
  await page.getByTestId('nav-materieel').click();
  await page.getByTestId('category-tiles').waitFor();
  await expectAccessible(page, `Materieel (${tag})`);
  await page.getByTestId('category-tiles').getByRole('link').first().click();
  await page.waitForURL(/\/(materieel|catalogus)\//);
  if (page.url().includes('/materieel/')) {
    // the subcategories (they lead to a catalogue; the root tiles lead to /materieel/…)
    await page.getByTestId('category-tiles').locator('a[href^="/catalogus/"]').first().click();
    await page.waitForURL(/\/catalogus\//);
  }
  await page.getByTestId('item-card').first().waitFor();
  await expectAccessible(page, `Catalogus (${tag})`);

  // filter: the first technical-data option narrows the list
  step('filter: the first technical-data option narrows the list');
  const before = await page.getByTestId('item-card').count();
  await page.getByRole('checkbox').first().check();
  await page.waitForURL(/bool=/);
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="item-card"]').length < n || true,
    before,
  );
  await page.getByTestId('item-card').first().waitFor();
  await expectAccessible(page, `Catalogus filtered (${tag})`);

  // two items with an amount, added in one go; the main bar count follows
  step('two items with an amount, added in one go; the main bar count follows');
  const start = await cartCount(page);
  const cards = page.getByTestId('item-card');
  const first = (await cards.nth(0).getAttribute('data-item-no')) ?? '';
  const second = (await cards.nth(1).getAttribute('data-item-no')) ?? '';
  assert.ok(first && second && first !== second, 'two cards to choose from');
  await page.getByTestId(`amount-${first}`).fill('2');
  await page.getByTestId(`amount-${second}`).fill('3');
  await page.getByTestId('add-selection').click();
  await snackbarSays(page, x.added);
  await page.waitForFunction(
    (n) =>
      Number(
        /(\d+)/.exec(
          document.querySelector('[data-testid="cart-link"]')?.getAttribute('aria-label') ?? '',
        )?.[1] ?? 0,
      ) >= n,
    Math.max(start, 2),
  );

  // details of the first item, and one more from there
  step('details of the first item, and one more from there');
  await cards.nth(0).getByRole('link').first().click();
  await page.waitForURL(new RegExp(`/details/${first}`));
  await page.getByTestId('details-add').waitFor();
  await expectAccessible(page, `Details (${tag})`);
  await page.getByTestId('details-amount').fill('1');
  await page.getByTestId('details-add').click();
  await snackbarSays(page, x.detailAdded);
  // its manual downloads with the user's token (a plain link to the API would carry none)
  const manual = page.locator('section[aria-labelledby="documents-title"] a').first();
  const [download] = await Promise.all([page.waitForEvent('download'), manual.click()]);
  assert.match(download.suggestedFilename(), /\.pdf$/);
  assert.equal(await download.failure(), null);

  // the order list: amounts 2 + 1 on the first item; change it, autosaved after the pause
  step('the order list: amounts 2 + 1 on the first item; change it, autosaved after the pause');
  await page.getByTestId('cart-link').click();
  await page.waitForURL(/\/bestellijst$/);
  const amount = page.getByTestId(`line-amount-${first}`);
  await amount.waitFor();
  // 2 from the catalogue + 1 from details (more when the list already had it)
  assert.ok(Number(await amount.inputValue()) >= 3, `amount on the list: ${await amount.inputValue()}`);
  await expectAccessible(page, `Bestellijst (${tag})`);
  await amount.fill('');
  await page.getByText(x.amountRequired).first().waitFor();
  assert.equal(
    await page.getByTestId('process').isDisabled(),
    true,
    'process is disabled with an empty amount',
  );
  await amount.fill('4');
  await page.locator('[data-testid="save-state"][data-state="saved"]').waitFor();
  await page.getByText(x.saved).first().waitFor();
  await page.reload();
  assert.equal(await page.getByTestId(`line-amount-${first}`).inputValue(), '4', 'the edit was saved');
  // typed, then straight on to the wizard: the pending save is flushed first
  step('typed, then straight on to the wizard: the pending save is flushed first');
  await page.getByTestId(`line-amount-${second}`).fill('5');
  await page.getByTestId('process').click();

  // wizard step 1: a delivery day from the calendar (the rule greys out the others), the rest prefilled
  step('wizard step 1: a delivery day from the calendar (the rule greys out the others), the rest prefilled');
  await page.waitForURL(/\/bestellen\/gegevens$/);
  await page.getByTestId('order-form').waitFor();
  await expectAccessible(page, `Bestellen gegevens (${tag})`);
  await page.getByRole('button', { name: new RegExp(x.delivery) }).click();
  await page.locator('.mantine-DatePickerInput-day:not([disabled]):not([data-outside])').first().click();
  await page.getByTestId('to-afronden').click();

  // step 2: the summary, then submit
  step('step 2: the summary, then submit');
  await page.waitForURL(/\/bestellen\/afronden$/);
  await page.getByTestId('order-summary').waitFor();
  const summary = (await page.getByTestId('summary-lines').textContent()) ?? '';
  assert.match(summary, new RegExp(second));
  await expectAccessible(page, `Bestellen afronden (${tag})`);
  await page.getByTestId('submit-order').click();

  // step 3: the request number, the list is empty again
  step('step 3: the request number, the list is empty again');
  await page.waitForURL(/\/bestellen\/voltooid\?aanvraag=[0-9a-f-]{36}$/);
  const done = (await page.getByTestId('request-no').textContent()) ?? '';
  const requestNo = x.requestNo.exec(done)?.[1];
  assert.ok(requestNo, `request number shown: ${done}`);
  await expectAccessible(page, `Bestellen voltooid (${tag})`);
  await page.waitForFunction(() =>
    (document.querySelector('[data-testid="cart-link"]')?.getAttribute('aria-label') ?? '').match(/\b0\b/),
  );

  // the request itself, and in the overview
  step('the request itself, and in the overview');
  await page.getByTestId('to-request').click();
  await page.waitForURL(/\/aanvragen\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { level: 1, name: new RegExp(requestNo) }).waitFor();
  await page.getByTestId('status-history').waitFor();
  await expectAccessible(page, `Aanvraag (${tag})`);
  await page.goto('/aanvragen');
  await page.locator(`[data-testid="request-row"][data-request-no="${requestNo}"]`).first().waitFor();
  await expectAccessible(page, `Aanvragen (${tag})`);
}

describe('ordering', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('orders equipment from the catalogue in Dutch', async () => {
    await journey(browser, 'nl-NL', 0);
  });

  it('orders equipment from the catalogue in English', async () => {
    await journey(browser, 'en-US', 1);
  });
});
