// Location selector: select (persisted, lists reloaded for the location), clear (lists emptied); a page that needs a
// location holds the picker in its notice, and the last chosen location follows the user to a new browser (issue #36).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { expectAccessible, launch, newPage, signIn, signOut, users } from '../support/browser.ts';

/** An internal site manager of Van Dijk on four locations whom no other journey signs in as (demo data). */
const SITE_COLLEAGUE = 'm.hendriks@vandijk.nl';

describe('location selector', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('selects, keeps and clears the location', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, users.uitvoerder);
    const selector = page.getByRole('combobox', { name: 'Kies een locatie' });
    await selector.click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    // the locations are there: the sign-in may have chosen the user's last one (another journey's pick), start from none
    if ((await selector.inputValue()) !== '') {
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Locatie wissen' }).click();
      await selector.click();
      await options.first().waitFor();
    }
    const count = await options.count();
    assert.ok(count >= 1, 'the demo user has locations');
    const label = (await options.first().textContent())?.trim() ?? '';
    const [number] = label.split(' - ');

    // typing filters: the number matches its own entry
    await selector.fill(number);
    await page.getByRole('option', { name: label }).waitFor();

    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v2\.0\/(OrderLists|RemovalLists)\//.test(r.url())) listCalls.push(r.url());
    });
    await page.getByRole('option', { name: label }).click();
    assert.equal(await selector.inputValue(), label);
    await page.waitForTimeout(300);
    assert.ok(
      listCalls.some((u) => u.includes(`/OrderLists/${encodeURIComponent(number)}`)),
      `order list reloaded: ${listCalls}`,
    );
    assert.ok(
      listCalls.some((u) => u.includes(`/RemovalLists/${encodeURIComponent(number)}`)),
      `removal list reloaded: ${listCalls}`,
    );

    // persisted across a reload
    await page.reload();
    await page.getByRole('combobox', { name: 'Kies een locatie' }).waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Kies een locatie' }).inputValue(), label);
    await page.goto('/locatie-gegevens');
    await page.getByRole('cell', { name: number, exact: true }).waitFor();
    await expectAccessible(page, 'LocatieGegevens');

    // clearing resets it (keyboard: focus the clear button, Enter)
    await page.getByRole('button', { name: 'Locatie wissen' }).focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.getByRole('combobox', { name: 'Kies een locatie' }).inputValue(), '');
    assert.equal(await page.evaluate(() => localStorage.getItem('mp.location')), null);
    await page.getByText('Kies eerst een locatie').first().waitFor();
    await context.close();
  });

  it("offers the picker in a page's notice, and the last chosen location follows the user", async () => {
    const { context, page } = await newPage(browser);
    // a user no other journey signs in as: the journeys run side by side on one server, and any of them choosing a
    // location as the site manager would change his last chosen one between this test's two sign-ins
    await signIn(page, SITE_COLLEAGUE);
    // a new sign-in brings the last chosen location back (an earlier run's): clear it once the locations are there
    const banner = page.getByRole('combobox', { name: 'Kies een locatie' });
    await banner.click();
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    if ((await banner.inputValue()) !== '') {
      await page.getByRole('button', { name: 'Locatie wissen' }).click();
    }
    await page.goto('/materieelvoorraad');
    const notice = page.getByTestId('location-prompt');
    const picker = notice.getByRole('combobox', {
      name: 'Kies eerst een locatie om het materieel op die locatie te zien.',
    });
    await picker.waitFor();
    assert.equal(await notice.getByText('om te kunnen bestellen').count(), 0);
    await expectAccessible(page, 'Materieelvoorraad without a location');
    await picker.click();
    const second = page.getByRole('option').nth(1);
    const label = (await second.textContent())?.trim() ?? '';
    // the pick is told to the server in the background: wait for its answer before signing out
    const told = page.waitForResponse(
      (r) =>
        r.request().method() === 'PUT' && /\/PlantLocations\/[^/]+\/chosen$/.test(new URL(r.url()).pathname),
    );
    await second.click();
    // the notice gives way to the stock of that location; the banner shows it too
    await page.getByTestId('stock-row').first().waitFor();
    assert.equal(await page.getByTestId('location-prompt').count(), 0);
    assert.equal(await banner.inputValue(), label);
    assert.equal((await told).status(), 204);
    await signOut(page);
    await context.close();

    // another browser (nothing stored): signing in chooses the last location again
    const other = await newPage(browser);
    await signIn(other.page, SITE_COLLEAGUE);
    await other.page.waitForFunction(
      (l) =>
        (document.querySelector('[data-testid="location-selector"]') as HTMLInputElement | null)?.value === l,
      label,
    );
    await other.context.close();
  });
});
