// The offline queue (issue #36 point 4b), on a phone in Dutch and English and on a desktop in English: with the network cut (Chromium's
// context.setOffline) add to the order list from an item's details, put a scanned plant on the removal list and
// change an amount on the removal list — each is kept on the phone and shown as waiting; meanwhile another session
// takes the edited line off the list through the API. Back online, the queue is sent in order: the add and the scan
// reach the server (checked through the API and after a reload), the edit of the line that went is refused and the
// refusal stays on the page with the server's reason until closed. Then, on the order list, a line deleted offline
// and (in a second cut) the list emptied offline: each goes at once on the page and waits; back online the server's
// list is what the page showed. With SHOTS_DIR the pages are photographed.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiToken, baseUrl, expectAccessible, launch, setSetting, startAs } from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

/** Only this journey uses this user's removal lists and order lists (e2e/shared-data.ts). */
const USER = 'directie@vandijk.nl';
const ITEM = 'BH-1001';
const ITEM2 = 'BD-1002';
const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

const texts = {
  'nl-NL': { choose: 'Kies een locatie', waiting: /wachten op verbinding/, refused: 'Niet verwerkt' },
  'en-US': { choose: 'Choose a location', waiting: /waiting for a connection/, refused: 'Not processed' },
} as const;

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** The API as another session of the same user (node's fetch: not cut off by the browser's offline switch). */
let token: Promise<string> | null = null;
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  // one sign-in for the journey (each sign-in counts towards the account's throttling)
  token ??= apiToken(USER);
  const res = await fetch(`${baseUrl}/api/v2.0${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) assert.fail(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type RemovalLine = { lineId: string; itemNo: string; plantNo: string | null; returnAmount: number };
type StockLine = { itemNo: string; plantNo: string | null; availableForRemoval: number; description: string };
type OrderList = {
  id: string;
  lines: Array<{ itemNo: string; parentLineId: string | null; amount: number }>;
};

const itemAmount = (list: OrderList) =>
  list.lines.find((l) => l.itemNo === ITEM && l.parentLineId === null)?.amount ?? 0;
const topItems = (list: OrderList) =>
  list.lines
    .filter((l) => l.parentLineId === null)
    .map((l) => l.itemNo)
    .sort();

/** Navigates inside the running app (no page load: offline there is nothing to load it from). */
async function goInApp(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}

async function journey(browser: Browser, locale: 'nl-NL' | 'en-US', width: number, locationNo: string) {
  const { context, page, tag } = await startAs(browser, locale, width, USER, { serviceWorker: true });
  try {
    // the other session's set-up: an empty removal list with two bulk lines, a plant on site to scan
    for (const l of (await api<{ lines: RemovalLine[] }>('GET', `/RemovalLists/${locationNo}`)).lines)
      await api('DELETE', `/RemovalLists/${locationNo}/lines/${l.lineId}`);
    const stock = (
      await api<{ items: StockLine[] }>(
        'GET',
        `/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${locationNo}&pageSize=250`,
      )
    ).items;
    const bulk = stock.filter((l) => !l.plantNo && l.availableForRemoval >= 3);
    // the last plant on site: the stock journey puts the first numbered plant with inspections of the site manager's
    // location on his removal list, and a plant's availability is the location's, whoever's list it is on
    const plant = stock.findLast((l) => l.plantNo && l.availableForRemoval === 1);
    assert.ok(bulk.length >= 2 && plant?.plantNo, `two bulk lines and a plant on ${locationNo}`);
    await api('POST', `/RemovalLists/${locationNo}`, { lines: [{ itemNo: bulk[0].itemNo, amount: 1 }] });
    const listed = await api<{ lines: RemovalLine[] }>('POST', `/RemovalLists/${locationNo}`, {
      lines: [{ itemNo: bulk[1].itemNo, amount: 1 }],
    });
    const gone = listed.lines.find((l) => l.itemNo === bulk[1].itemNo) as RemovalLine;
    const orderListId = (await api<{ orderLists: Array<{ id: string }> }>('GET', `/OrderLists/${locationNo}`))
      .orderLists[0].id;
    const before = itemAmount(await api<OrderList>('GET', `/OrderLists/${locationNo}/${orderListId}`));

    // the service worker controls the page (offline, the code of a part not loaded yet comes from it)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // online: choose the location, open the pages once (their code and data are then on the phone)
    await page.getByRole('combobox', { name: texts[locale].choose }).focus();
    await page
      .getByRole('option', { name: new RegExp(locationNo) })
      .first()
      .click();
    await goInApp(page, '/materieelvoorraad/scannen');
    await page.getByTestId('scan-input').waitFor();
    await goInApp(page, '/afvoerlijst');
    await page.getByTestId('removal-line').nth(1).waitFor();
    await goInApp(page, `/details/${ITEM}`);
    await page.getByTestId('details-add').waitFor();

    // offline: add to the order list from the details
    await context.setOffline(true);
    await page.getByTestId('details-amount').fill('2');
    await page.getByTestId('details-add').click();
    await page.getByTestId('offline-queue-item').first().waitFor();

    // offline: a scanned plant onto the removal list (it cannot be looked up now)
    await goInApp(page, '/materieelvoorraad/scannen');
    await page.getByTestId('scan-input').fill(plant.plantNo);
    await page.getByTestId('scan-submit').click();
    await page.getByTestId('scan-offline-remove').click();
    await page.getByTestId('offline-queue-item').nth(1).waitFor();

    // offline: a comment on the removal list's line that the other session is about to take off
    await goInApp(page, '/afvoerlijst');
    const line = page.locator(`[data-testid="removal-line"][data-line="${gone.lineId}"]`);
    await line.getByRole('textbox').last().fill('e2e offline');
    await page.getByTestId('offline-queue-item').nth(2).waitFor();
    await line.getByTestId('line-waiting').waitFor();
    await page.getByTestId('offline-queue-pending').getByText(texts[locale].waiting).waitFor();
    // from the top: scrolled, the sticky header lies over the save state and axe reads its colour on the header's
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, `Offline queue (${tag})`);
    await shot(page, `offline-queue-waiting-${tag}`);
    assert.equal(before, itemAmount(await api<OrderList>('GET', `/OrderLists/${locationNo}/${orderListId}`)));

    // meanwhile, another session takes that line off the list
    await api('DELETE', `/RemovalLists/${locationNo}/lines/${gone.lineId}`);

    // online: the queue is sent in order; the edit of the line that went is refused, the rest lands
    await context.setOffline(false);
    await page.getByTestId('offline-queue-refused').waitFor();
    await page.getByTestId('offline-queue-pending').waitFor({ state: 'detached' });
    await page.getByTestId('offline-queue-refused').getByText(texts[locale].refused).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, `Offline queue refused (${tag})`);
    await shot(page, `offline-queue-refused-${tag}`);

    const after = await api<OrderList>('GET', `/OrderLists/${locationNo}/${orderListId}`);
    assert.equal(itemAmount(after), before + 2, 'the add reached the order list once');
    const removal = (await api<{ lines: RemovalLine[] }>('GET', `/RemovalLists/${locationNo}`)).lines;
    assert.ok(
      removal.some((l) => l.plantNo === plant.plantNo),
      'the scanned plant is on the removal list',
    );
    assert.ok(!removal.some((l) => l.lineId === gone.lineId), 'the line taken off stays off');

    // after a reload: the scanned plant on the list, the refusal still shown until closed
    await page.reload();
    await page.locator(`[data-testid="removal-line"]`).filter({ hasText: plant.plantNo }).waitFor();
    await page.getByTestId('offline-queue-refused').waitFor();
    await page.getByTestId('offline-queue-dismiss').click();
    await page.getByTestId('offline-queue').waitFor({ state: 'detached' });

    // the order list: a line deleted offline, then the list emptied offline, each sent when online
    await api('POST', `/OrderLists/${locationNo}/${orderListId}/orderlistlines`, {
      lines: [{ type: 'item', itemNo: ITEM2, amount: 1 }],
    });
    await goInApp(page, '/bestellijst');
    const orderLine = (itemNo: string) =>
      page.locator(`[data-testid="order-line"][data-depth="0"][data-item-no="${itemNo}"]`);
    await orderLine(ITEM2).waitFor();
    await orderLine(ITEM).waitFor();
    await context.setOffline(true);
    await page.getByTestId(`remove-${ITEM2}`).click();
    await page.getByTestId('confirm-button').click();
    await orderLine(ITEM2).waitFor({ state: 'detached' });
    await page.getByTestId('offline-queue-item').first().waitFor();
    assert.deepEqual(
      topItems(await api<OrderList>('GET', `/OrderLists/${locationNo}/${orderListId}`)),
      [ITEM, ITEM2].sort(),
      'nothing sent while offline',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, `Offline queue, order line deleted (${tag})`);
    await shot(page, `offline-queue-order-delete-${tag}`);
    await context.setOffline(false);
    await page.getByTestId('offline-queue').waitFor({ state: 'detached' });
    await orderLine(ITEM).waitFor();
    const shown = await page
      .locator('[data-testid="order-line"][data-depth="0"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.itemNo ?? '').sort());
    assert.deepEqual(shown, [ITEM], 'the page shows the list without the deleted line');
    assert.deepEqual(
      topItems(await api<OrderList>('GET', `/OrderLists/${locationNo}/${orderListId}`)),
      shown,
      "the server's list is the page's",
    );

    await context.setOffline(true);
    await page.getByTestId('clear-list').click();
    await page.getByTestId('confirm-button').click();
    await page.getByTestId('order-lines').waitFor({ state: 'detached' });
    await page.getByTestId('offline-queue-item').first().waitFor();
    await shot(page, `offline-queue-order-clear-${tag}`);
    assert.deepEqual(topItems(await api<OrderList>('GET', `/OrderLists/${locationNo}/${orderListId}`)), [
      ITEM,
    ]);
    await context.setOffline(false);
    await page.getByTestId('offline-queue').waitFor({ state: 'detached' });
    assert.deepEqual(
      (await api<OrderList>('GET', `/OrderLists/${locationNo}/${orderListId}`)).lines,
      [],
      'the list emptied on the server',
    );
    assert.equal(await page.getByTestId('order-lines').count(), 0, 'and on the page');

    // the plant and lines back on site for the next run on the same server
    for (const l of (await api<{ lines: RemovalLine[] }>('GET', `/RemovalLists/${locationNo}`)).lines)
      await api('DELETE', `/RemovalLists/${locationNo}/lines/${l.lineId}`);
  } catch (e) {
    await page.screenshot({ path: `/tmp/offline-queue-failure-${tag}.png`, fullPage: true }).catch(() => {});
    throw e;
  } finally {
    await context.close();
  }
}

describe('offline queue', () => {
  let browser: Browser;
  before(async () => {
    await setSetting('Materieelvoorraad_ScannenEnabled', true);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
  it('nl, phone', () => journey(browser, 'nl-NL', 390, 'P-24002'));
  it('en, phone', () => journey(browser, 'en-US', 390, 'P-24003'));
  it('en, desktop', () => journey(browser, 'en-US', 1280, 'P-24004'));
});
