// Categories (issue #15 part 5): in Dutch on a desktop the administrator gives a category a new image, sees it in the
// catalogue and removes it again; in German on a phone the delete page refuses to delete a category with items without
// a target, offers neither the category nor one below it, and asks before deleting (the journey steps back there: the
// demo's categories stay). axe-core checks both pages and the dialog; with SHOTS_DIR they are photographed.
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

const ROOT = '00000000-0000-0000-0000-000000000000';

interface Category {
  id: string;
  parent: string;
  code: string;
  name: string;
  imageUrl: string | null;
  itemCount: number;
}
async function categories(locale = 'nl-NL'): Promise<Category[]> {
  const token = await apiToken(users.admin);
  const res = await fetch(`${baseUrl}/api/v2.0/Categories`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
  });
  return ((await res.json()) as { categories: Category[] }).categories;
}

// A 4×4 PNG, enough for the server to re-encode.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGM4o6QERwzEcQDE4xEBYJBBnwAAAABJRU5ErkJggg==',
  'base64',
);

describe('categories', () => {
  let browser: Browser;
  let target: Category;
  // the demo image of the category the journey changes, put back at the end whatever happened
  let original: ArrayBuffer | null = null;
  before(async () => {
    browser = await launch();
    const all = await categories();
    // a main category with an image: its tile on /materieel shows the change
    target = all.find((c) => c.parent === ROOT && c.imageUrl) ?? (all[0] as Category);
    if (target.imageUrl) original = await (await fetch(`${baseUrl}${target.imageUrl}`)).arrayBuffer();
  });
  after(async () => {
    if (original) {
      const form = new FormData();
      form.append('file', new Blob([original], { type: 'image/webp' }), 'demo.webp');
      await fetch(`${baseUrl}/api/v2.0/Images/set/category?id=${target.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await apiToken(users.admin)}` },
        body: form,
      });
    }
    await browser?.close();
  });

  it('nl, desktop: a new image shows in the catalogue, and is removed again', async () => {
    const { context, page, tag } = await startAs(browser, 'nl-NL', 1280, users.admin);
    try {
      await page.goto('/settings');
      await page.getByRole('link', { name: 'Categorieën' }).click();
      await page.waitForURL(/\/settings\/categories$/);
      await page.getByTestId('category-search').fill(target.code);
      const row = page.locator(`[data-testid=category-row][data-code="${target.code}"]`);
      await row.waitFor();
      await expectAccessible(page, `Categorieën (${tag})`);
      await row
        .locator('input[type=file]')
        .setInputFiles({ name: 'nieuw.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('snackbar').getByText('Afbeelding opgeslagen.').waitFor();
      const after = (await categories()).find((c) => c.id === target.id);
      assert.ok(after?.imageUrl && after.imageUrl !== target.imageUrl, 'the image changed');
      await shot(page, `categories-${tag}`);
      // the catalogue shows the new image
      await page.goto('/materieel');
      await page.locator(`img[src="${after.imageUrl}"]`).first().waitFor();
      // and it is removed after asking
      await page.goto('/settings/categories');
      await page.getByTestId('category-search').fill(target.code);
      await row.getByTestId('category-image-remove').click();
      await expectAccessible(page, `Categorieën, afbeelding verwijderen (${tag})`);
      await shot(page, `category-image-remove-${tag}`);
      await page.getByRole('dialog').getByTestId('confirm-button').click();
      await page.getByTestId('snackbar').getByText('Afbeelding verwijderd.').waitFor();
      assert.equal((await categories()).find((c) => c.id === target.id)?.imageUrl, null);
    } finally {
      await context.close();
    }
  });

  it('de, phone: a category with items needs a target that is neither itself nor below it', async () => {
    const all = await categories('de-DE');
    const parent = all.find((c) => all.some((k) => k.parent === c.id)) as Category;
    const child = all.find((c) => c.parent === parent.id) as Category;
    const { context, page, tag } = await startAs(browser, 'de-DE', 390, users.admin);
    try {
      await page.goto(`/settings/categorie/verwijderen?categorie=${parent.id}`);
      await page
        .getByTestId('delete-contents')
        .getByText(/Diese Kategorie enthält/)
        .waitFor();
      assert.equal(await page.getByTestId('delete-submit').isDisabled(), true);
      await page.getByTestId('delete-move-to').click();
      const options = await page.getByRole('option').allTextContents();
      assert.ok(!options.some((o) => o.includes(`(${parent.code})`)), 'not itself');
      assert.ok(!options.some((o) => o.includes(`(${child.code})`)), 'not one below it');
      await page.getByRole('option').first().click();
      await expectAccessible(page, `Kategorie löschen (${tag})`);
      await shot(page, `category-delete-${tag}`);
      await page.getByTestId('delete-submit').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`Der Inhalt von „${parent.name}“ kommt nach`).waitFor();
      await expectAccessible(page, `Kategorie löschen, Frage (${tag})`);
      await shot(page, `category-delete-confirm-${tag}`);
      await dialog.getByRole('button', { name: 'Zurück' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.ok(
        (await categories()).some((c) => c.id === parent.id),
        'nothing was deleted',
      );
    } finally {
      await context.close();
    }
  });
});
