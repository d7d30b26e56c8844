// Content pages (issue #15 part 2): the administrator creates a page (Dutch, desktop), types formatted text in the
// rich-text editor, publishes and saves it, and opens the public page; in German on a phone the administrator adds
// the German text (it starts from the Dutch one) and opens that. axe-core checks the list and the editor in both;
// with SHOTS_DIR they are photographed. The page is deleted afterwards.
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

const NAME = 'E2E Huurvoorwaarden';
// a 64×48 PNG (the server re-encodes every upload)
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfElEQVRoge2SAQkAQBCDlsf+JWz1McbxAwPoWITTpG7gAqiv6C7EXVI3cAHUV3QX4i6pG7gA6iu6C3GX1A1cAPUV3YW4S+oGLoD6iu5C3CV1AxdAfUV3Ie6SuoELoL6iuxB3Sd3ABVBf0V2Iu6Ru4AKor+guxF1SN/DzgAdjQlzE4MG8qQAAAABJRU5ErkJggg==',
  'base64',
);

/** Removes the journey's pages whatever happened (the journeys share one server). */
async function cleanUp() {
  const token = await apiToken(users.admin);
  const headers = { authorization: `Bearer ${token}` };
  const res = await fetch(`${baseUrl}/api/v2.0/Pages/overview`, { headers });
  const { pages } = (await res.json()) as { pages: { id: string; pageName: string }[] };
  for (const p of pages.filter((x) => x.pageName.startsWith('E2E ')))
    await fetch(`${baseUrl}/api/v2.0/Pages/${p.id}`, { method: 'DELETE', headers });
}

/** Saves and waits for the server's answer. */
async function save(page: Page) {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/api/v2.0/Pages/'),
  );
  await page.getByTestId('editor-save').click();
  assert.equal((await answer).status(), 200);
}

describe('content pages', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
    await cleanUp();
  });
  after(async () => {
    await cleanUp();
    await browser?.close();
  });

  it('nl, desktop: created, formatted, published and shown', async () => {
    const { context, page } = await startAs(browser, 'nl-NL', 1280, users.admin);
    try {
      await page.goto('/settings');
      await page.getByRole('link', { name: "Contentpagina's" }).click();
      await page.waitForURL(/\/settings\/content-paginas-beheer$/);
      await page.getByTestId('page-new').waitFor();
      await expectAccessible(page, "Contentpagina's (nl-1280)");
      await shot(page, 'content-pages-nl-1280');

      await page.getByTestId('page-new').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('page-new-name').fill(NAME);
      await expectAccessible(page, 'Contentpagina, nieuw (nl-1280)');
      await dialog.getByTestId('page-new-save').click();
      await page.waitForURL(/\/settings\/content-paginas-beheer\/[0-9a-f-]{36}\/nl-NL$/);
      const editor = page.getByTestId('editor-content');
      await editor.waitFor();

      // formatted text: a heading, bold, a list, centred text
      await editor.click();
      await page.getByRole('button', { name: 'Kop 2' }).click();
      await page.keyboard.type('Zo huur je bij ons');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Je huurt ');
      await page.getByRole('button', { name: 'Vet', exact: true }).click();
      await page.keyboard.type('per dag');
      await page.getByRole('button', { name: 'Vet', exact: true }).click();
      await page.keyboard.type(' of per week.');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Opsomming' }).click();
      await page.keyboard.type('Kranen');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Hoogwerkers');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Centreren' }).click();
      await page.keyboard.type('Vragen? Bel de verhuurbalie.');
      await page.keyboard.press('Enter');
      // an image: uploaded to the content image endpoint, inserted with the URL it answers
      await page.getByTestId('editor-image-input').setInputFiles({
        name: 'kraan.png',
        mimeType: 'image/png',
        buffer: PHOTO,
      });
      await editor.locator('img[src*="/api/v2.0/Images/single/content/"]').waitFor();
      await page.getByTestId('editor-published').check();
      await expectAccessible(page, 'Contentpagina bewerken (nl-1280)');
      await shot(page, 'content-page-editor-nl-1280');

      await page.getByTestId('editor-tab-preview').click();
      await page.getByTestId('editor-preview').locator('strong', { hasText: 'per dag' }).waitFor();
      await shot(page, 'content-page-preview-nl-1280');
      await page.getByTestId('editor-tab-edit').click();

      await save(page);
      await page.getByTestId('editor-open').click();
      await page.waitForURL(/\/content-page\/[0-9a-f-]{36}\/nl-NL$/);
      await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Zo huur je bij ons' }).waitFor();
      await page.locator('strong', { hasText: 'per dag' }).waitFor();
      await page.getByRole('listitem').filter({ hasText: 'Hoogwerkers' }).waitFor();
      assert.equal(
        await page.locator('p', { hasText: 'Vragen? Bel de verhuurbalie.' }).getAttribute('style'),
        'text-align: center',
      );
      const img = page.locator('img[alt="kraan"]');
      await img.waitFor();
      assert.ok(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth > 0), 'the image is served');
      await shot(page, 'content-page-public-nl-1280');
    } finally {
      await context.close();
    }
  });

  it('de, phone: the German text added and shown', async () => {
    const { context, page } = await startAs(browser, 'de-DE', 390, users.admin);
    try {
      await page.goto('/settings/content-paginas-beheer');
      const row = page.getByTestId('page-row').filter({ hasText: NAME });
      await row.waitFor();
      await expectAccessible(page, 'Inhaltsseiten (de-390)');
      await shot(page, 'content-pages-de-390');
      await row.getByRole('link', { name: 'Deutsch: noch nicht übersetzt, hinzufügen' }).click();
      await page.waitForURL(/\/de-DE$/);
      const editor = page.getByTestId('editor-content');
      await editor.getByText('Zo huur je bij ons').waitFor();
      await page.getByTestId('editor-new-locale').waitFor();
      await expectAccessible(page, 'Inhaltsseite bearbeiten (de-390)');
      await shot(page, 'content-page-editor-de-390');

      await page.getByTestId('editor-name').fill('E2E Mietbedingungen');
      await editor.click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Delete');
      await page.getByRole('button', { name: 'Überschrift 2' }).click();
      await page.keyboard.type('So mieten Sie bei uns');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Kursiv' }).click();
      await page.keyboard.type('Tageweise oder wochenweise.');
      await save(page);
      // saved: the German text exists now, leaving asks nothing
      await page.getByTestId('editor-new-locale').waitFor({ state: 'detached' });
      await page.getByTestId('editor-open').click();
      await page.waitForURL(/\/content-page\/[0-9a-f-]{36}\/de-DE$/);
      await page.getByRole('heading', { level: 1, name: 'E2E Mietbedingungen' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'So mieten Sie bei uns' }).waitFor();
      await page.locator('em', { hasText: 'Tageweise oder wochenweise.' }).waitFor();
      await shot(page, 'content-page-public-de-390');
    } finally {
      await context.close();
    }
  });
});
