// Corporate identity (issue #15 part 3, decision 0026): in Dutch on a desktop the administrator changes the primary
// colours and sees the shell follow (the top bar's and the banner's computed background), then tries a pair below
// WCAG AA and sees it fail and the save ask first; in German on a phone the administrator edits the German footer
// column and sees it in the footer. axe-core checks the page in both; the colours and the column are restored.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiToken, baseUrl, expectAccessible, launch, startAs, users } from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

async function shot(page: Page, name: string, fullPage = true) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

const colourKeys = [
  'PrimaryColor',
  'PrimaryColorDarker',
  'PrimaryTextColor',
  'SecondaryColor',
  'SecondaryColorDarker',
  'SecondaryTextColor',
] as const;

interface Original {
  colours: Record<string, string>;
  germanColumnTwo: { locale: string; html: string } | undefined;
  /** The favicon's bytes (null: none set), to put back after the upload. */
  favicon: Buffer | null;
}

async function api(method: string, path: string, body?: unknown) {
  const token = await apiToken(users.admin);
  return fetch(`${baseUrl}/api/v2.0${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function readOriginal(): Promise<Original> {
  const settings = (await (await api('GET', '/Settings/all')).json()) as {
    stringValues: Record<string, string>;
  };
  const { footers } = (await (await api('GET', '/Footers?locale=de-DE')).json()) as {
    footers: { columnName: string; locale: string; html: string }[];
  };
  const identity = (await (await fetch(`${baseUrl}/api/v2.0/CorporateIdentity`)).json()) as {
    faviconUrl: string | null;
  };
  const favicon = identity.faviconUrl
    ? Buffer.from(await (await fetch(`${baseUrl}${identity.faviconUrl}`)).arrayBuffer())
    : null;
  return {
    colours: Object.fromEntries(colourKeys.map((k) => [k, settings.stringValues[k] as string])),
    germanColumnTwo: footers.find((f) => f.columnName === 'footer_column_two'),
    favicon,
  };
}

/** Puts back what the journey changed, whatever happened (the journeys share one server). */
async function restore(original: Original) {
  const r = await api('PUT', '/CorporateIdentity/Settings', {
    values: original.colours,
    acceptLowContrast: true,
  });
  assert.equal(r.status, 204, `restoring the colours: ${r.status} ${await r.text()}`);
  const column = original.germanColumnTwo;
  if (column?.locale === 'de-DE') {
    const f = await api('PUT', '/Footers', {
      locale: 'de-DE',
      columnName: 'footer_column_two',
      html: column.html,
    });
    assert.equal(f.status, 200, `restoring the footer: ${f.status}`);
  }
  const token = await apiToken(users.admin);
  const icon = original.favicon
    ? await fetch(`${baseUrl}/api/v2.0/CorporateIdentity/Images/favicon`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: (() => {
          const form = new FormData();
          form.append(
            'file',
            new Blob([new Uint8Array(original.favicon)], { type: 'image/png' }),
            'favicon.png',
          );
          return form;
        })(),
      })
    : await api('DELETE', '/CorporateIdentity/Images/favicon');
  assert.ok([201, 204].includes(icon.status), `restoring the favicon: ${icon.status}`);
  const now = await readOriginal();
  assert.deepEqual(now.colours, original.colours, 'colours restored');
  assert.equal(now.germanColumnTwo?.html, original.germanColumnTwo?.html, 'German footer column restored');
}

/** The computed background of the banner and of the top bar (the first ancestor of the user menu with one). */
async function shellColours(page: Page) {
  return page.evaluate(() => {
    const bannerEl = document.querySelector('[data-testid^="banner-"]');
    let bar = document.querySelector('[data-testid="user-menu"]') as HTMLElement | null;
    while (bar && getComputedStyle(bar).backgroundColor === 'rgba(0, 0, 0, 0)') bar = bar.parentElement;
    return {
      banner: bannerEl ? getComputedStyle(bannerEl).backgroundColor : null,
      topBar: bar ? getComputedStyle(bar).backgroundColor : null,
    };
  });
}

describe('corporate identity', () => {
  let browser: Browser;
  let original: Original;
  before(async () => {
    browser = await launch();
    original = await readOriginal();
  });
  after(async () => {
    if (original) await restore(original);
    await browser?.close();
  });

  it('nl, desktop: the new primary colours show in the shell; a low-contrast pair fails and asks first', async () => {
    const { context, page } = await startAs(browser, 'nl-NL', 1280, users.admin);
    try {
      await page.goto('/settings');
      await page.getByRole('link', { name: 'Huisstijl' }).click();
      await page.waitForURL(/\/settings\/corporate-identity$/);
      await page.getByTestId('ci-preview').waitFor();
      await page.getByTestId('ci-footer-nl-NL-footer_column_one').waitFor();
      await expectAccessible(page, 'Huisstijl (nl-1280)');
      await shot(page, 'corporate-identity-nl-1280');

      const before = await shellColours(page);
      assert.equal(before.banner, 'rgb(28, 78, 128)');
      await page.getByLabel('Primaire kleur', { exact: true }).fill('#0B6E4F');
      await page.getByLabel('Primaire kleur, donker', { exact: true }).fill('#084C36');
      await page.getByLabel('Primaire kleur, donker', { exact: true }).press('Tab');
      const pairs = page.locator('[data-testid^="ci-pair-"]');
      assert.equal(await pairs.count(), 5);
      assert.equal(await page.locator('[data-testid^="ci-pair-"][data-passes="false"]').count(), 0);
      await page.getByTestId('ci-colours-save').click();
      await page.getByText('Kleuren opgeslagen.').waitFor();
      // the shell's theme follows without a reload
      await page.waitForFunction(
        () =>
          getComputedStyle(document.querySelector('[data-testid^="banner-"]') as Element).backgroundColor ===
          'rgb(11, 110, 79)',
      );
      const after = await shellColours(page);
      assert.equal(after.banner, 'rgb(11, 110, 79)');
      assert.equal(after.topBar, 'rgb(8, 76, 54)');
      await shot(page, 'corporate-identity-saved-nl-1280', false);

      // a light yellow under white text: the pair fails at once, with its ratio
      await page.getByLabel('Primaire kleur', { exact: true }).fill('#FFD43B');
      await page.getByLabel('Primaire kleur', { exact: true }).press('Tab');
      const failing = page.getByTestId('ci-pair-primaryText-on-primary');
      await page.locator('[data-testid="ci-pair-primaryText-on-primary"][data-passes="false"]').waitFor();
      assert.match((await failing.textContent()) ?? '', /1\.\d\d:1.*Te laag/);
      assert.equal(
        await page.getByTestId('ci-pair-primary-on-page').getAttribute('data-passes'),
        'false',
        'yellow links on white fail too',
      );
      await page.getByTestId('ci-contrast').scrollIntoViewIfNeeded();
      await shot(page, 'corporate-identity-low-contrast-nl-1280', false);
      await page.getByTestId('ci-colours-save').click();
      const confirm = page.getByTestId('ci-contrast-confirm');
      await confirm.waitFor();
      assert.match((await confirm.textContent()) ?? '', /Tekst op primaire kleur \(knoppen, banner\)/);
      await shot(page, 'corporate-identity-confirm-nl-1280', false);
      await confirm.getByRole('button', { name: 'Terug' }).click();
      await confirm.waitFor({ state: 'detached' });
      // nothing was saved: the shell keeps the green
      assert.equal((await shellColours(page)).banner, 'rgb(11, 110, 79)');
    } finally {
      await context.close();
    }
  });

  it('de, phone: the German footer column, edited here, shows in the footer', async () => {
    const { context, page } = await startAs(browser, 'de-DE', 390, users.admin);
    try {
      await page.goto('/settings/corporate-identity');
      await page.getByTestId('ci-preview').waitFor();
      const column = page.getByTestId('ci-footer-de-DE-footer_column_two');
      await column.waitFor();
      await expectAccessible(page, 'Erscheinungsbild (de-390)');
      await shot(page, 'corporate-identity-de-390');
      await page.getByRole('tab', { name: 'Deutsch' }).click();
      await column.fill('<h3>Werkstatt Köln</h3><p>Montag bis Freitag 7–17 Uhr<br>0221 123 45 67</p>');
      await page.getByTestId('ci-footer-save-de-DE-footer_column_two').click();
      await page.getByText('Fußzeilenspalte gespeichert.').waitFor();
      const footer = page.locator('footer');
      await footer.getByText('Werkstatt Köln').waitFor();
      assert.match((await footer.textContent()) ?? '', /Montag bis Freitag 7–17 Uhr/);
      await footer.scrollIntoViewIfNeeded();
      await shot(page, 'corporate-identity-footer-de-390', false);
      await expectAccessible(page, 'Erscheinungsbild, Fußzeile gespeichert (de-390)');

      // the favicon: an SVG is refused before it is sent, a PNG (here: the logo) replaces the tab icon at once
      const card = page.getByTestId('ci-image-favicon');
      await card.scrollIntoViewIfNeeded();
      const fileInput = card.locator('input[type="file"]');
      await fileInput.setInputFiles({
        name: 'icon.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      });
      await card.getByText('icon.svg ist kein PNG, JPEG, WebP oder GIF.').waitFor();
      assert.equal(await card.getByTestId('ci-upload-favicon').isDisabled(), true);
      await shot(page, 'corporate-identity-svg-refused-de-390', false);
      const logoUrl = (await (await fetch(`${baseUrl}/api/v2.0/CorporateIdentity`)).json()).logoUrl as string;
      const png = Buffer.from(await (await fetch(`${baseUrl}${logoUrl}`)).arrayBuffer());
      const iconBefore = await page.locator('link[rel="icon"]').getAttribute('href');
      await fileInput.setInputFiles({ name: 'neu.png', mimeType: 'image/png', buffer: png });
      await card.getByTestId('ci-upload-favicon').click();
      await page.getByText('Bild gespeichert.').waitFor();
      await page.waitForFunction(
        (before) => document.querySelector('link[rel="icon"]')?.getAttribute('href') !== before,
        iconBefore,
      );
      assert.match(
        (await page.locator('link[rel="icon"]').getAttribute('href')) ?? '',
        /^\/api\/v2\.0\/Images\/single\/corporate\/favicon\?v=/,
      );
    } finally {
      await context.close();
    }
  });
});
