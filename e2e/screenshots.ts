// Screenshots of Home, Inloggen and a signed-in page in nl and en, desktop (1280×800) and phone (390×844),
// into /tmp/shots (run through the e2e runner: `node e2e/run.ts --screenshots`, after `npm run build`).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launch, newPage, signIn, users } from './support/browser.ts';

const out = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(out, { recursive: true });

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
const locales = ['nl-NL', 'en-US'];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // no snackbar over the picture
  const snackbar = page.getByTestId('snackbar');
  if (await snackbar.isVisible()) await snackbar.locator('xpath=following-sibling::button').click();
  await page.waitForTimeout(400);
}

const browser = await launch();
try {
  for (const locale of locales) {
    for (const vp of viewports) {
      const { context, page } = await newPage(browser, { width: vp.width, height: vp.height, locale });
      await context.addInitScript((l) => {
        if (!localStorage.getItem('mp.preferences'))
          localStorage.setItem('mp.preferences', JSON.stringify({ locale: l }));
        // no service-message toasts over the screenshots
        localStorage.setItem(
          'mp.serviceMessages',
          JSON.stringify({ viewedIds: [], lastShownDay: { [l]: new Date().toISOString().slice(0, 10) } }),
        );
      }, locale);
      const tag = `${locale.slice(0, 2)}-${vp.name}`;
      await page.goto('/inloggen');
      await settle(page);
      await page.screenshot({ path: `${out}/inloggen-${tag}.png`, fullPage: true });
      await signIn(page, users.uitvoerder);
      await page.waitForURL(/\/$/);
      await settle(page);
      await page.screenshot({ path: `${out}/home-${tag}.png`, fullPage: true });
      // a signed-in page with a location chosen
      const selector = page.getByTestId('location-selector');
      await selector.click();
      await page.getByRole('option').first().click();
      await page.goto('/locatie');
      await settle(page);
      await page.screenshot({ path: `${out}/locatie-${tag}.png`, fullPage: true });
      if (vp.name === 'phone') {
        await page.getByRole('button', { name: /Menu/ }).first().click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${out}/menu-${tag}.png` });
      }
      await context.close();
      process.stdout.write(`shots: ${tag}\n`);
    }
  }
  // the staff's Home and main bar: an admin and the equipment department, in Dutch and in the languages whose
  // longer names put the main bar in its compact mode (icons only), on a desktop
  for (const locale of ['nl-NL', 'en-US', 'de-DE', 'fr-FR']) {
    for (const [who, email] of [
      ['admin', users.admin],
      ['department', 'materieeldienst@materieelportaal.nl'],
    ] as const) {
      const { context, page } = await newPage(browser, { width: 1280, height: 800, locale });
      await context.addInitScript((l) => {
        localStorage.setItem('mp.preferences', JSON.stringify({ locale: l }));
        localStorage.setItem(
          'mp.serviceMessages',
          JSON.stringify({ viewedIds: [], lastShownDay: { [l]: new Date().toISOString().slice(0, 10) } }),
        );
      }, locale);
      await page.goto('/inloggen');
      await signIn(page, email);
      await page.waitForURL(/\/$/);
      await settle(page);
      await page.screenshot({ path: `${out}/home-${who}-${locale.slice(0, 2)}-desktop.png` });
      await context.close();
      process.stdout.write(`shots: ${who} ${locale}\n`);
    }
  }
} finally {
  await browser.close();
}
