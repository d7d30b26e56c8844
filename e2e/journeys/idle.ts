// Idle equipment (issue #37 point 2, decision 0034), in Dutch on a desktop and in English on a phone: the stock page
// marks the plants nothing moved for 14 days, says what returning them now saves, shows them first on request, and
// one tap puts them on the removal list — after which they count as moved and the page says so. The site manager's
// removal list is put back as it was at the end (the journeys after this one send it). axe-core checks the page; with
// SHOTS_DIR it is photographed.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiToken, baseUrl, expectAccessible, launch, startOnSite, users } from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

const texts = {
  'nl-NL': {
    sentence: /stuks? geen beweging sinds \d+ dagen/,
    added: /Stilstaand materieel op de afvoerlijst gezet \(\d+\)/,
  },
  'en-US': {
    sentence: /pieces? without movement for \d+ days/,
    added: /Idle equipment put on the removal list \(\d+\)/,
  },
} as const;

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png` });
  await page.screenshot({ path: `${shots}/${name}-full.png`, fullPage: true });
}

type Line = { lineId: string; returnAmount: number };

/** The site manager's removal list on a location, through the API. */
async function listLines(token: string, locationNo: string): Promise<Line[]> {
  const res = await fetch(`${baseUrl}/api/v2.0/RemovalLists/${locationNo}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(res.status, 200, `removal list ${locationNo}`);
  return ((await res.json()) as { lines: Line[] }).lines;
}

/** Puts the list back: the lines added since `before` go, the amounts changed go back. */
async function restore(token: string, locationNo: string, before: Line[]) {
  const was = new Map(before.map((l) => [l.lineId, l.returnAmount]));
  for (const l of await listLines(token, locationNo)) {
    const amount = was.get(l.lineId);
    if (amount === l.returnAmount) continue;
    const res = await fetch(`${baseUrl}/api/v2.0/RemovalLists/${locationNo}/lines/${l.lineId}`, {
      method: amount === undefined ? 'DELETE' : 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        ...(amount === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: amount === undefined ? undefined : JSON.stringify({ amount }),
    });
    assert.ok(res.ok, `restore line ${l.lineId}: ${res.status}`);
  }
}

async function journey(browser: Browser, locale: 'nl-NL' | 'en-US', width: number) {
  const { context, page, tag } = await startOnSite(browser, locale, width, 0);
  const token = await apiToken(users.uitvoerder);
  let locationNo = '';
  let before: Line[] = [];
  let failure: unknown = null;
  try {
    await page.goto('/materieelvoorraad');
    await page.getByTestId('stock-row').first().waitFor();
    const summary = page.getByTestId('idle-summary');
    await summary.waitFor();
    const sentence = (await page.getByTestId('idle-sentence').textContent()) ?? '';
    assert.match(sentence, texts[locale].sentence);
    // the location the app selected (decision 0014's stock is the selected location's)
    locationNo = await page.evaluate(() => {
      const raw = localStorage.getItem('mp.location');
      return raw ? ((JSON.parse(raw) as { locationNo?: string }).locationNo ?? '') : '';
    });
    assert.ok(locationNo, 'a selected location');
    await expectAccessible(page, `Materieelvoorraad idle (${tag})`);
    await shot(page, `stilstand-${tag}`);

    // idle first: the first line carries the badge
    await page.getByTestId('idle-show-first').click();
    await page.waitForURL(/sort=idle/);
    await page.getByTestId('stock-row').first().getByTestId('idle-badge').waitFor();
    const idleBefore = await page.getByTestId('idle-badge').count();
    assert.ok(idleBefore > 0, 'idle lines on the first page');
    await shot(page, `stilstand-eerst-${tag}`);

    // one tap: onto the removal list; they count as moved now, the page says so
    before = await listLines(token, locationNo);
    await page.getByTestId('idle-to-removal-list').click();
    await page.getByRole('status').filter({ hasText: texts[locale].added }).first().waitFor();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="idle-badge"]').length < n,
      idleBefore,
    );
    assert.ok((await listLines(token, locationNo)).length > before.length, 'lines added to the removal list');
    await shot(page, `stilstand-afgevoerd-${tag}`);
  } catch (e) {
    failure = e;
    await page.screenshot({ path: `/tmp/idle-failure-${tag}.png`, fullPage: true }).catch(() => undefined);
    throw e;
  } finally {
    // a failed restore fails the run, but never hides why the journey failed
    if (locationNo)
      await restore(token, locationNo, before).catch((e) => {
        if (!failure) throw e;
        console.error(e);
      });
    await context.close();
  }
}

describe('idle equipment', () => {
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
