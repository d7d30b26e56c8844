// Locations (issue #14 parts 1 and 3): the site manager (an internal user) creates a location for a customer with
// its site address — which becomes the location's default work address — finds it selected on /locatie, then
// adds a second work address on /locatie-gegevens and deregisters it (it has no stock): it leaves the list. An external
// user asks for a location (English, phone) and the equipment department approves it (Dutch, desktop): the requester
// finds it among its locations. Dutch on a desktop, English on a phone. axe-core checks every page; SHOTS_DIR
// photographs them.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launch, newPage, noSideways, signIn, startOnSite } from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

const runs = [
  { locale: 'nl-NL' as const, width: 1280, no: 'P-29101', created: 'is aangemaakt', gone: 'afmelding' },
  {
    locale: 'en-US' as const,
    width: 390,
    no: 'P-29102',
    created: 'has been created',
    gone: 'closing of location',
  },
];

describe('locations: create with an address, deregister without stock', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  for (const run of runs) {
    it(`creates ${run.no} and deregisters it (${run.locale}, ${run.width})`, async () => {
      const { context, page, tag } = await startOnSite(browser, run.locale, run.width, 0);
      try {
        await page.goto('/locatie-aanmaken');
        await page.getByTestId('location-customer').waitFor();
        await expectAccessible(page, `Locatie aanmaken (${tag})`);
        await page.getByTestId('location-customer').click();
        await page.getByRole('option', { name: /K-10045/ }).click();
        // a free number (a taken one is refused: locations.manage.test.ts, ManageLocationPages.test.tsx)
        await page.getByTestId('location-locationNo').fill(run.no);
        await page.getByTestId('location-number-free').waitFor();
        await page.getByTestId('location-description').fill(`E2E project ${run.no}`);
        await page.getByTestId('location-projectNo').fill('PRJ-E2E');
        await page.getByTestId('location-startDate').fill('2030-01-01');
        await page.getByTestId('location-endDate').fill('2030-06-30');
        await page.getByTestId('location-street').fill('Stationsweg 1');
        await page.getByTestId('location-postcode').fill('8011 AA');
        await page.getByTestId('location-city').fill('Zwolle');
        await expectAccessible(page, `Locatie aanmaken ingevuld (${tag})`);
        await noSideways(page, `create ${tag}`);
        await shot(page, `locations-create-${tag}`);
        await page.getByTestId('location-create').click();
        await page.waitForURL(/\/locatie$/);
        await page.getByText(run.created).first().waitFor();
        await page.getByText(`E2E project ${run.no}`).first().waitFor();
        await expectAccessible(page, `Locatie (${tag})`);

        // the site address became the default work address; add a second one on /locatie-gegevens
        await page.goto('/locatie-gegevens');
        await page.getByTestId('work-addresses').waitFor();
        await page.getByTestId('address-row').first().waitFor();
        await page.getByTestId('address-add').click();
        await page.getByTestId('address-name').fill('Bouwkeet zuid');
        await page.getByTestId('address-street').fill('Zuiderweg 9');
        await page.getByTestId('address-city').fill('Zwolle');
        await expectAccessible(page, `Werkadres toevoegen (${tag})`);
        await shot(page, `locations-address-form-${tag}`);
        await page.getByTestId('address-save').click();
        await page.getByText('Bouwkeet zuid').waitFor();
        assert.equal(await page.getByTestId('address-row').count(), 2);
        await expectAccessible(page, `Locatiegegevens (${tag})`);
        await noSideways(page, `data ${tag}`);
        await shot(page, `locations-data-${tag}`);

        await page.goto('/locatie-afmelden');
        await page.getByTestId('deregister-no-stock').waitFor();
        await expectAccessible(page, `Locatie afmelden (${tag})`);
        await noSideways(page, `deregister ${tag}`);
        await shot(page, `locations-deregister-${tag}`);
        await page.getByTestId('deregister-submit').click();
        await page.waitForURL(/\/locatie$/);
        await page.getByText(new RegExp(run.gone, 'i')).first().waitFor();
        assert.equal(await page.getByText(`E2E project ${run.no}`).count(), 0);
        await shot(page, `locations-after-${tag}`);
      } finally {
        await context.close();
      }
    });
  }
  it('an external user requests a location (en, 390) and the department approves it (nl, 1280)', async () => {
    const asker = await newPage(browser, { locale: 'en-US', width: 390, height: 844 });
    const dept = await newPage(browser, { locale: 'nl-NL', width: 1280 });
    try {
      for (const [ctx, l] of [
        [asker.context, 'en-US'],
        [dept.context, 'nl-NL'],
      ] as const) {
        await ctx.addInitScript((loc) => {
          localStorage.setItem('mp.preferences', JSON.stringify({ locale: loc }));
          localStorage.setItem(
            'mp.serviceMessages',
            JSON.stringify({ viewedIds: [], lastShownDay: { [loc]: new Date().toISOString().slice(0, 10) } }),
          );
        }, l);
      }
      const project = `Viaduct E2E ${Date.now().toString(36)}`;
      await signIn(asker.page, 'projectleider@infranoord.nl');
      await asker.page.goto('/locatie-aanvragen');
      await asker.page.getByTestId('request-description').fill(project);
      await asker.page.getByTestId('request-street').fill('Rijksweg 28');
      await asker.page.getByTestId('request-city').fill('Meppel');
      await expectAccessible(asker.page, 'Location request (en-390)');
      await noSideways(asker.page, 'request en-390');
      await shot(asker.page, 'locations-request-en-390');
      await asker.page.getByTestId('request-submit').click();
      await asker.page.waitForURL(/\/locatie-aanvragen\/voltooid$/);
      await expectAccessible(asker.page, 'Location request sent (en-390)');

      await signIn(dept.page, 'materieeldienst@materieelportaal.nl');
      await dept.page.goto('/materieeldienst/locatie-aanvragen');
      const card = dept.page.getByTestId('location-request').filter({ hasText: project });
      await card.waitFor();
      await expectAccessible(dept.page, 'Locatieaanvragen (nl-1280)');
      await card.getByTestId('approve-locationNo').fill('P-29103');
      await card.getByTestId('approve-submit').click();
      await dept.page.waitForTimeout(1500);
      await shot(dept.page, 'locations-queue-after-nl-1280');
      await card.waitFor({ state: 'detached' });
      await dept.page.getByText(/^(Goedgekeurd|Approved)$/).click();
      await dept.page.getByTestId('location-request').filter({ hasText: 'P-29103' }).waitFor();
      await shot(dept.page, 'locations-queue-nl-1280');

      await asker.page.goto('/locatie');
      await asker.page.getByText(project).first().waitFor();
    } finally {
      await asker.context.close();
      await dept.context.close();
    }
  });
});
