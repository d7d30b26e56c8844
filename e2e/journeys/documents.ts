// The location documents page (issue #13 part 4) over the demo data, in Dutch on a desktop and English on a phone:
// from the Project page to /locatie-documenten, the documents by category, a search by name, a category, a search
// without results, and a download (the response checked: a PDF fetched with the user's token). axe-core checks
// every state; with SHOTS_DIR the pages are photographed.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launch, startOnSite } from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

const texts = {
  'nl-NL': {
    link: 'Locatiedocumenten',
    search: 'Zoeken op naam',
    submit: 'Zoeken',
    category: 'Categorie',
    none: 'Er zijn geen documenten die aan je zoekopdracht voldoen.',
    clear: 'Zoekopdracht wissen',
    documents: /^Documenten \(\d+\)$/,
    deliveryNotes: 'Pakbonnen',
    deliveryNote: /^Pakbon \S+/,
  },
  'en-US': {
    link: 'Location documents',
    search: 'Search by name',
    submit: 'Search',
    category: 'Category',
    none: 'No documents match your search.',
    clear: 'Clear search',
    documents: /^Documents \(\d+\)$/,
    deliveryNotes: 'Delivery notes',
    deliveryNote: /^Delivery note \S+/,
  },
} as const;

async function journey(browser: Browser, locale: keyof typeof texts, width: number) {
  const say = texts[locale];
  const { context, page, tag } = await startOnSite(browser, locale, width, 0);
  try {
    // from the Project page
    await page.goto('/locatie');
    await page.getByTestId('location-links').getByRole('link', { name: say.link }).click();
    await page.waitForURL(/\/locatie-documenten$/);
    await page.getByRole('heading', { level: 1, name: say.link }).waitFor();
    const categories = page.getByTestId('document-category');
    await categories.first().waitFor();
    assert.ok((await categories.count()) >= 2, 'the demo location has documents in several categories');
    const all = await page.getByTestId('document-row').count();
    assert.ok(all >= 2);
    // categories and order notes in the reader's language, whatever language they were filed in
    const notes = categories.filter({ hasText: say.deliveryNotes });
    await notes.first().waitFor();
    assert.match(
      (await notes.first().getByTestId('document-row').first().textContent()) ?? '',
      say.deliveryNote,
    );
    await expectAccessible(page, `Locatiedocumenten (${tag})`);
    await shot(page, `documents-${tag}`);

    // a search by name: only the site layout drawing
    await page.getByRole('textbox', { name: say.search }).fill('bouwplaatsinrichting');
    await page.locator('#main').getByRole('button', { name: say.submit, exact: true }).click();
    await page.waitForURL(/q=bouwplaatsinrichting/);
    const rows = page.getByTestId('document-row');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="document-row"]').length === 1,
      undefined,
      { timeout: 10_000 },
    );
    assert.match((await rows.first().textContent()) ?? '', /Bouwplaatsinrichtingstekening/);
    await expectAccessible(page, `Locatiedocumenten, searched (${tag})`);
    await shot(page, `documents-search-${tag}`);

    // the download: a PDF, fetched with the token
    const response = page.waitForResponse((r) => /\/api\/v2\.0\/Documents\/[^/]+\/content$/.test(r.url()));
    const download = page.waitForEvent('download');
    await rows.first().getByTestId('document-download').click();
    const r = await response;
    assert.equal(r.status(), 200);
    assert.equal(r.headers()['content-type'], 'application/pdf');
    assert.ok(r.request().headers().authorization?.startsWith('Bearer '), 'downloaded with the token');
    // what was saved is that PDF, under its own file name
    const saved = await download;
    assert.match(saved.suggestedFilename(), /^bpi-P-\d+\.pdf$/);
    assert.equal(
      readFileSync(await saved.path())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );

    // one category: every row is in it
    await page.getByRole('button', { name: say.clear }).first().click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="document-row"]').length === n,
      all,
      { timeout: 10_000 },
    );
    await page.getByTestId('document-category-filter').click();
    await page.getByRole('option', { name: say.documents }).click();
    await page.waitForURL(/categorie=Documenten/);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="document-category"]').length === 1,
      undefined,
      { timeout: 10_000 },
    );
    await expectAccessible(page, `Locatiedocumenten, one category (${tag})`);

    // a search without results is said so (not an error, not the location's "no documents")
    await page.getByRole('textbox', { name: say.search }).fill('geen-zo-document');
    await page.getByRole('textbox', { name: say.search }).press('Enter');
    await page.getByText(say.none).waitFor();
    await expectAccessible(page, `Locatiedocumenten, nothing found (${tag})`);
    await shot(page, `documents-none-${tag}`);
  } catch (e) {
    await page
      .screenshot({ path: `/tmp/documents-failure-${tag}.png`, fullPage: true })
      .catch(() => undefined);
    throw e;
  } finally {
    await context.close();
  }
}

describe('location documents', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
  it('nl, desktop', () => journey(browser, 'nl-NL', 1280));
  it('en, phone', () => journey(browser, 'en-US', 390));
});
