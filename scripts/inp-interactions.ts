// The key interactions of issue #36 point 3 that `npm run inp` (scripts/inp.ts) measures, in the order they run: the
// catalogue's adds fill the order list whose amount is changed next. The page is a phone's, signed in as the site
// manager with a location chosen (e2e/support/browser.ts startOnSite), in Dutch.
import type { Page } from 'playwright-core';
import { apiToken, users } from '../e2e/support/browser.ts';

export interface Interaction {
  /** as printed in the table */
  name: string;
  /** brings the page to where the tap happens (not measured) */
  setup: (page: Page, round: number) => Promise<void>;
  /** the tap or key press that is measured */
  act: (page: Page, round: number) => Promise<void>;
  /** waits until its result is on screen, so the next round starts from a quiet page */
  settle: (page: Page, round: number) => Promise<void>;
}

/** The id of the catalogue category AFZ (a catalogue address names its category by id). */
async function catalogueUrl(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v2.0/Categories`, {
    headers: { authorization: `Bearer ${await apiToken(users.admin)}` },
  });
  const { categories } = (await res.json()) as { categories: { id: string; code: string }[] };
  const found = categories.find((c) => c.code === 'AFZ');
  if (!found) throw new Error('no category AFZ in the demo data');
  return `/catalogus/${found.id}`;
}

/** Numbered plants on the site manager's sites, one to scan per round. */
async function plantNumbers(page: Page): Promise<string[]> {
  await page.goto('/materieelvoorraad?sort=quantityDesc');
  await page.getByTestId('stock-row').first().waitFor();
  const hrefs = await page
    .locator('[data-testid="stock-row"] a[href^="/materieelvoorraad/details/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const numbers = [...new Set(hrefs.map((h) => decodeURIComponent(h.split('/').at(-1) ?? '')))].filter(
    Boolean,
  );
  if (numbers.length === 0) throw new Error('no numbered plant on the first location');
  return numbers;
}

/**
 * A page is quiet: its requests answered and what it loads after its first paint (shared/lib/later-part.ts: the
 * dropdowns, dialogs and price filters, when the browser is idle) loaded and rendered, as when a user has looked at
 * the page before tapping.
 */
async function quiet(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () =>
      new Promise((r) =>
        requestIdleCallback(() => requestIdleCallback(() => r(undefined), { timeout: 5000 })),
      ),
  );
  await page.waitForLoadState('networkidle');
}

export async function interactions(page: Page, baseUrl: string): Promise<Interaction[]> {
  const catalogue = await catalogueUrl(baseUrl);
  const plants = await plantNumbers(page);
  const firstAmount = page.locator('[data-testid="item-card"] input').first();
  return [
    {
      name: 'open the location selector',
      setup: async (p) => {
        await p.goto('/');
        await p.getByTestId('location-selector').waitFor();
        await quiet(p);
      },
      act: (p) => p.getByTestId('location-selector').click(),
      settle: (p) => p.getByRole('option').first().waitFor(),
    },
    {
      name: 'type an amount (catalogue)',
      setup: async (p) => {
        await p.goto(catalogue);
        await firstAmount.waitFor();
        await quiet(p);
        await firstAmount.evaluate((el: HTMLInputElement) => {
          el.focus();
          el.select();
        });
      },
      // another digit each round: the same amount again would change nothing (the selection outlives a reload)
      act: (p, round) => p.keyboard.press(String((round % 8) + 2)),
      settle: async (p, round) => {
        await p.waitForFunction(([el, v]) => (el as HTMLInputElement).value === v, [
          await firstAmount.elementHandle(),
          String((round % 8) + 2),
        ] as const);
      },
    },
    {
      name: 'add to the order list (catalogue)',
      setup: async (p) => {
        await p.goto(catalogue);
        await firstAmount.waitFor();
        await quiet(p);
        if ((await firstAmount.inputValue()) === '') await firstAmount.fill('1');
      },
      act: (p) => p.getByTestId('add-selection').click(),
      settle: (p) =>
        p.getByRole('status').filter({ hasText: 'toegevoegd aan de bestellijst' }).first().waitFor(),
    },
    {
      name: 'change an amount (order list)',
      setup: async (p) => {
        await p.goto('/bestellijst');
        await p.locator('[data-testid^="line-amount-"]').first().waitFor();
        await quiet(p);
        await p.locator('[data-testid^="line-amount-"]').first().focus();
      },
      act: (p) => p.keyboard.press('ArrowUp'),
      settle: (p) => p.locator('[data-testid="save-state"][data-state="saved"]').waitFor(),
    },
    {
      name: 'add a scanned plant to the removal list',
      setup: async (p, round) => {
        await p.goto('/materieelvoorraad/scannen');
        await p.getByTestId('scan-input').fill(plants[round % plants.length]);
        await p.getByTestId('scan-submit').click();
        await p.getByTestId('scan-remove').waitFor();
        await quiet(p);
      },
      act: (p) => p.getByTestId('scan-remove').click(),
      // added, or refused when an earlier round already put this plant on the list
      settle: (p) => p.getByRole('status').filter({ hasText: /\S/ }).first().waitFor(),
    },
    {
      name: 'open a request (request list)',
      setup: async (p) => {
        await p.goto('/aanvragen');
        await p.getByTestId('request-row').first().waitFor();
        await quiet(p);
      },
      act: (p) => p.getByTestId('request-row').first().getByRole('link').first().click(),
      settle: async (p) => {
        await p.waitForURL(/\/aanvragen\/[0-9a-f-]{36}$/);
        await p.getByTestId('status-history').waitFor();
      },
    },
  ];
}
