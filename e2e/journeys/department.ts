// The loop through two users' browsers (issue #12): a site manager (Dutch) orders a numbered plant, the equipment
// department (English) takes, plans and executes it; the site manager finds it on the stock page, puts it on the
// removal list and sends the removal; the department executes that too; the plant is gone from the stock page
// and its history shows both moves. The order is put in over the API (the ordering journey covers that screen);
// everything after it is clicked. axe-core checks the department's and the order pages; SHOTS_DIR photographs.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  apiToken,
  baseUrl,
  expectAccessible,
  launch,
  newPage,
  setSetting,
  signIn,
  startOnSite,
  users,
} from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });
const DEPARTMENT = 'materieeldienst@materieelportaal.nl';
const LOCATION = 'P-24002';
const ITEM = 'BD-1002';
/** A bulk item (no plant numbers) every depot holds. */
const BULK_ITEM = 'BH-1001';

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

async function api(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${baseUrl}/api/v2.0${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) assert.fail(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The site manager's order of `amount` of `itemNo` (one plant of ITEM) on LOCATION, over the API; its id and number. */
async function order(itemNo = ITEM, amount = 1): Promise<{ id: string; requestNo: string }> {
  const token = await apiToken(users.uitvoerder);
  const lists = await api(token, 'GET', `/OrderLists/${LOCATION}`);
  const listId = lists.orderLists[0].id as string;
  await api(token, 'DELETE', `/OrderLists/${LOCATION}/${listId}/orderlistlines`);
  await api(token, 'POST', `/OrderLists/${LOCATION}/${listId}/orderlistlines`, {
    lines: [{ type: 'item', itemNo, amount }],
  });
  const day = new Date(Date.now() + 7 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return api(
    token,
    'POST',
    `/PlantRequests/${listId}/order`,
    {
      deliveryDate: day.toISOString().slice(0, 10),
      addressCode: 'WA01',
      contactPerson: 'Jeroen de Wit',
      phone: '06 12 34 56 01',
      reference: 'e2e loop',
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
}

/** The plants of ITEM on LOCATION now (over the API, as the site manager). */
async function plantsOnSite(): Promise<string[]> {
  const token = await apiToken(users.uitvoerder);
  const stock = await api(
    token,
    'GET',
    `/PlantInventoryItems/00000000-0000-0000-0000-000000000000?plantLocation=${LOCATION}&query=${ITEM}&pageSize=250`,
  );
  return (stock.items as Array<{ itemNo: string; plantNo: string | null }>)
    .filter((l) => l.itemNo === ITEM && l.plantNo)
    .map((l) => l.plantNo as string);
}

/**
 * Carried out today, planned for a later day: the execute form asks to move the planning to today first (decision
 * 0018); the confirmation stays disabled until that is ticked.
 */
async function carriedOutToday(page: Page): Promise<void> {
  const early = page.getByTestId('execute-early');
  if (!(await early.count())) return;
  assert.equal(await page.getByTestId('execute-request').isDisabled(), true);
  await page.getByTestId('execute-move-plan').check();
}

/** The department (English, desktop) takes, plans and executes request `id`; the plants it picked. */
async function departmentProcesses(
  browser: Browser,
  id: string,
  requestNo: string,
  tag: string,
): Promise<void> {
  const { context, page } = await newPage(browser, { locale: 'en-US', width: 1280 });
  await context.addInitScript(() =>
    localStorage.setItem('mp.preferences', JSON.stringify({ locale: 'en-US' })),
  );
  try {
    await signIn(page, DEPARTMENT);
    // the main bar holds its items (the department's one more, English names): none runs off the bar
    const overflow = await page.evaluate(() => {
      const list = document.querySelector('[data-testid="nav-home"]')?.closest('ul') as HTMLElement;
      return list.scrollWidth - (list.parentElement as HTMLElement).clientWidth;
    });
    assert.ok(overflow <= 0, `the main navigation runs ${overflow}px off the bar`);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-department').click();
    await page.waitForURL(/\/materieeldienst$/);
    await page.getByTestId('queue-tabs').waitFor();
    // the queue opens on what needs doing now; a new request is there, found by its number
    await page.getByRole('tab', { name: /To do now/, selected: true }).waitFor();
    await page.getByLabel('Search by request number, customer or location').fill(requestNo);
    await page.getByTestId('queue-search').click();
    const row = page.locator(`[data-testid="queue-row"][data-request-no="${requestNo}"]`);
    await row.waitFor();
    await expectAccessible(page, `Department queue (${tag})`);
    await shot(page, `department-queue-${tag}`);
    await row.getByRole('link', { name: requestNo }).click();
    await page.waitForURL(new RegExp(`/materieeldienst/${id}$`));
    await page.getByTestId('department-actions').waitFor();
    await expectAccessible(page, `Department request (${tag})`);

    if (await page.getByTestId('take-request').count()) {
      await page.getByTestId('take-request').click();
      await page.getByText('You have taken the request.').first().waitFor();
    }
    // plan: the depot with free plants is preselected; pick as many plants as each line asks
    const plants = page.getByTestId('plan-plants');
    for (let i = 0; i < (await plants.count()); i++) {
      await plants.nth(i).click();
      await page.getByRole('option').first().click();
      await page.keyboard.press('Escape');
    }
    await shot(page, `department-plan-${tag}`);
    await page.getByTestId('plan-submit').click();
    await page.getByText('The request has been planned.').first().waitFor();
    await page.getByTestId('execute-form').waitFor();
    await expectAccessible(page, `Department execute (${tag})`);
    await shot(page, `department-execute-${tag}`);
    await carriedOutToday(page);
    await page.getByTestId('execute-request').click();
    await page.getByTestId('execute-confirm').click();
    await page.getByText('The execution has been recorded: orders and stock are updated.').first().waitFor();
    await page.getByTestId('request-orders').waitFor();
    await shot(page, `department-done-${tag}`);
  } catch (e) {
    await page
      .screenshot({ path: `/tmp/department-failure-${tag}.png`, fullPage: true })
      .catch(() => undefined);
    throw e;
  } finally {
    await context.close();
  }
}

describe('the loop: order, deliver, remove, collect', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('customer in nl, department in en', async () => {
    const before = await plantsOnSite();
    const ordered = await order();
    await departmentProcesses(browser, ordered.id, ordered.requestNo, 'delivery');

    // the customer sees the request done with its order, and the plant on the stock page
    const { context, page, tag } = await startOnSite(browser, 'nl-NL', 1280, 1);
    try {
      await page.goto(`/aanvragen/${ordered.id}`);
      await page.getByTestId('request-orders').waitFor();
      await page.getByText('Afgerond').first().waitFor();
      await expectAccessible(page, `Aanvraag afgerond (${tag})`);
      await shot(page, `loop-request-done-${tag}`);
      const orderNo =
        (await page.getByTestId('request-orders').getByRole('link').first().textContent()) ?? '';
      assert.match(orderNo, /O-\d{4}-\d{6}/);

      // the plant just delivered is on the stock page; it goes on the removal list from there
      const delivered = (await plantsOnSite()).filter((p) => !before.includes(p));
      assert.equal(delivered.length, 1, `delivered: ${delivered.join(', ')}`);
      const plantNo = delivered[0] as string;
      await page.goto(`/materieelvoorraad?q=${encodeURIComponent(plantNo)}`);
      const plantRow = page.getByTestId('stock-row').filter({ hasText: plantNo }).first();
      await plantRow.waitFor();
      await plantRow.getByTestId('remove-line').click();
      await page.getByTestId('removal-confirm').click();
      await page.goto('/afvoerlijst');
      await page.getByTestId('removal-line').first().waitFor();
      await page.getByTestId('to-removal').click();
      await page.waitForURL(/\/Afvoeren\/gegevens/);
      await page.getByTestId('removal-date').click();
      await page.locator('.mantine-DatePickerInput-day:not([disabled]):not([data-outside])').first().click();
      for (const [field, value] of [
        ['removal-contact', 'Jeroen de Wit'],
        ['removal-phone', '06 12 34 56 01'],
      ] as const) {
        const input = page.getByTestId(field);
        if (!(await input.inputValue())) await input.fill(value);
      }
      await page.getByTestId('removal-next').click();
      await page.waitForURL(/\/afvoeren\/afronden/);
      const terms = page.getByTestId('terms');
      if (await terms.count()) await terms.check();
      await page.getByTestId('submit-removal').click();
      await page.waitForURL(/\/afvoeren\/voltooid/);
      const removalNo = ((await page.getByTestId('request-no').textContent()) ?? '').trim();
      const token = await apiToken(users.uitvoerder);
      const removals = await api(token, 'GET', `/PlantRequests?plantLocation=${LOCATION}&pageSize=10`);
      const removal = (removals.items as Array<{ id: string; requestNo: string }>).find((r) =>
        removalNo.includes(r.requestNo),
      );
      assert.ok(removal, `removal ${removalNo} not found`);
      const removed = (await api(token, 'GET', `/PlantRequests/${removal.id}`)) as {
        lines: { plantNo: string | null }[];
      };
      assert.ok(removed.lines.some((l) => l.plantNo === plantNo));
      const gone = plantNo;

      // the department collects it
      await departmentProcesses(browser, removal.id, removal.requestNo, 'removal');

      // gone from the stock page; its history shows both moves (empty periods shown for a plant that left)
      await page.goto(`/materieelvoorraad?q=${gone}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByTestId('stock-row').filter({ hasText: gone }).count(), 0);
      await setSetting('Materieelvoorraad_ToonVoorraadVerloop_LegeVoorraad', true);
      try {
        await page.goto(`/voorraadverloop/${ITEM}/${gone}`);
        await page.getByTestId('history-table').waitFor();
        assert.ok((await page.getByTestId('history-row').count()) >= 2);
        await expectAccessible(page, `Voorraadverloop (${tag})`);
        await shot(page, `loop-history-${tag}`);
      } finally {
        await setSetting('Materieelvoorraad_ToonVoorraadVerloop_LegeVoorraad', false);
      }
    } catch (e) {
      await page.screenshot({ path: `/tmp/loop-failure-${tag}.png`, fullPage: true }).catch(() => undefined);
      throw e;
    } finally {
      await context.close();
    }
  });

  it('a delivery of bulk items only: the department (nl) finds it from its Home and the main navigation, plans it from a depot that holds it, and records it carried out today', async () => {
    const ordered = await order(BULK_ITEM, 10);
    const { context, page } = await newPage(browser, { locale: 'nl-NL', width: 1280 });
    await context.addInitScript(() =>
      localStorage.setItem('mp.preferences', JSON.stringify({ locale: 'nl-NL' })),
    );
    try {
      await signIn(page, DEPARTMENT);
      // Home is the department's day: the new request is among its new requests
      await page.goto('/');
      const day = page.getByTestId('department-day');
      await day.getByTestId('day-new').waitFor();
      await expectAccessible(page, 'Home materieeldienst (nl-1280)');
      await shot(page, 'department-home-nl-1280');
      // the queue from the main navigation opens on what needs doing now; the search finds the request by number
      await page.getByRole('navigation').getByRole('link', { name: 'Materieeldienst' }).first().click();
      await page.waitForURL(/\/materieeldienst$/);
      const nowTab = page.getByRole('tab', { name: /Nu te doen/ });
      assert.equal(await nowTab.getAttribute('aria-selected'), 'true');
      await page.getByLabel('Zoek op aanvraagnummer, klant of locatie').fill(ordered.requestNo);
      await page.getByTestId('queue-search').click();
      const row = page.locator(`[data-testid="queue-row"][data-request-no="${ordered.requestNo}"]`);
      // the search's answer replaces the list (until then the previous one shows): that request only
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="queue-row"]').length === 1);
      await row.waitFor();
      await row.getByRole('link', { name: ordered.requestNo }).click();
      await page.waitForURL(new RegExp(`/materieeldienst/${ordered.id}$`));

      // plan: no plants to pick; the depot offered first holds all of it and is chosen already
      const form = page.getByTestId('plan-form');
      await form.waitFor();
      assert.equal(await form.getByTestId('plan-plants').count(), 0);
      assert.match(await form.getByTestId('plan-depot').inputValue(), /alles op voorraad/);
      await shot(page, 'department-plan-bulk-nl-1280');
      await form.getByTestId('plan-submit').click();
      await page.getByText('De aanvraag is ingepland.').first().waitFor();

      // carried out today, planned for later: the form asks to move the planning first
      await page.getByTestId('execute-form').waitFor();
      await page.getByTestId('execute-early').waitFor();
      await expectAccessible(page, 'Materieeldienst uitvoeren vervroegd (nl-1280)');
      await shot(page, 'department-execute-early-nl-1280');
      await carriedOutToday(page);
      await page.getByTestId('execute-request').click();
      await page.getByTestId('execute-confirm').click();
      await page
        .getByText('De uitvoering is vastgelegd: orders en voorraad zijn bijgewerkt.')
        .first()
        .waitFor();
      await page.getByTestId('request-orders').waitFor();

      // one day everywhere: the planning moved to today, the order dated and executed that day
      const done = (await api(await apiToken(DEPARTMENT), 'GET', `/Department/requests/${ordered.id}`)) as {
        status: string;
        plannedDate: string;
        orders: { id: string; kind: string }[];
      };
      assert.equal(done.status, 'done');
      assert.deepEqual(
        done.orders.map((o) => o.kind),
        ['delivery'],
      );
      const delivery = (await api(
        await apiToken(users.uitvoerder),
        'GET',
        `/PlantOrders/${done.orders[0]?.id}`,
      )) as { orderDate: string; plannedDate: string | null; executedDate: string | null };
      assert.deepEqual(
        [delivery.orderDate, delivery.plannedDate, delivery.executedDate],
        [done.plannedDate, done.plannedDate, done.plannedDate],
      );
    } catch (e) {
      await page
        .screenshot({ path: '/tmp/department-failure-bulk.png', fullPage: true })
        .catch(() => undefined);
      throw e;
    } finally {
      await context.close();
    }
  });

  it('the department pages in nl on a phone', async () => {
    const { context, page } = await newPage(browser, { locale: 'nl-NL', width: 390, height: 844 });
    await context.addInitScript(() =>
      localStorage.setItem('mp.preferences', JSON.stringify({ locale: 'nl-NL' })),
    );
    try {
      await signIn(page, DEPARTMENT);
      await page.goto('/materieeldienst?status=submitted');
      const row = page.getByTestId('queue-row').first();
      await row.waitFor();
      await expectAccessible(page, 'Materieeldienst (nl-390)');
      await shot(page, 'department-queue-nl-390');
      await row.getByRole('link').first().click();
      await page.waitForURL(/\/materieeldienst\/[0-9a-f-]{36}$/);
      await page.getByTestId('department-actions').waitFor();
      await expectAccessible(page, 'Materieeldienst aanvraag (nl-390)');
      await shot(page, 'department-request-nl-390');
    } catch (e) {
      await page
        .screenshot({ path: '/tmp/department-failure-nl-390.png', fullPage: true })
        .catch(() => undefined);
      throw e;
    } finally {
      await context.close();
    }
  });
});
