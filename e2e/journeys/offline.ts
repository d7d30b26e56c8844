// Installable and useful offline (issue #36 point 4, decision 0031), in Chromium with its network switched off
// (context.setOffline): the install criteria (manifest, icons, a service worker controlling the page; Chromium's own
// installability check says nothing is missing); the stock on site, the order list and the removal list viewed online
// open again offline after a reload, marked "offline — last updated at …", a page never viewed says it is not
// available offline, and a request's send is refused with the reason; then a new version's service worker waits, the
// user is asked, and after the reload the page is the new version's. With no reception while the phone says it is
// online (every request aborted, navigator.onLine true) the portal goes offline by itself and comes back. In English (the project leader's account
// language) and in Dutch (the read-only administration user), on a phone. With SHOTS_DIR the screens are photographed.
//
// The update is a real one: a portal of its own (WEB_ROOT) serves a copy of the build, the page installs its service
// worker, then the copy becomes a new build (index.html with a marker, and the worker's precache revision of it) as a
// deployment would leave it; only the hashed assets stay (a new build's would have new names, fetched the same way).

import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectAccessible, launch, newPage, signIn, users } from '../support/browser.ts';
import { repoRoot, startServer } from '../support/server.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/offline-${name}.png`, fullPage: true });
}

/** A phone signed in as `email` in `locale`, today's service messages seen, on the first of its locations. */
async function phoneAs(browser: Browser, email: string, locale: string, chooseLocation: string) {
  const { context, page } = await newPage(browser, { locale, width: 390, height: 844, serviceWorker: true });
  await context.addInitScript((l) => {
    localStorage.setItem(
      'mp.serviceMessages',
      JSON.stringify({ viewedIds: [], lastShownDay: { [l]: new Date().toISOString().slice(0, 10) } }),
    );
  }, locale);
  await signIn(page, email).catch(async (e) => {
    await page
      .screenshot({ path: `/tmp/offline-signin-failure-${email}.png`, fullPage: true })
      .catch(() => {});
    console.error('sign-in page:', page.url(), (await page.content().catch(() => '')).slice(0, 3000));
    throw e;
  });
  await controlled(page);
  const picker = page.getByRole('combobox', { name: chooseLocation });
  if (await picker.count()) {
    await picker.focus();
    await page.getByRole('option').first().click();
  }
  return { context, page };
}

/** The service worker has installed and controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The signed-in user's kept reads (IndexedDB) hold an answer under each of these query keys' first parts. */
async function kept(page: Page, what: string[]): Promise<void> {
  const has = () =>
    page.evaluate(async (roots) => {
      const user = (
        JSON.parse(localStorage.getItem('mp.auth') ?? 'null') as { user?: { id?: string } } | null
      )?.user?.id;
      if (!user) return false;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('mp-offline-reads');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      if (!db.objectStoreNames.contains('reads')) return false;
      const state = await new Promise<{ queries?: { queryKey: unknown[] }[] } | undefined>((resolve) => {
        const get = db.transaction('reads').objectStore('reads').get(user);
        get.onsuccess = () => resolve(get.result);
        get.onerror = () => resolve(undefined);
      });
      db.close();
      const keys = (state?.queries ?? []).map((q) => q.queryKey.slice(0, 2).join('/'));
      return roots.every((r) => keys.includes(r));
    }, what);
  // polled (page.waitForFunction does not wait for an async condition's answer)
  for (let tries = 0; !(await has()); tries++) {
    assert.ok(tries < 100, `kept on the phone: ${what.join(', ')}`);
    await page.waitForTimeout(100);
  }
}

/** The query keys (and fetch times) of every kept entry on the phone. */
function keptKeys(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('mp-offline-reads');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const all = await new Promise<{ queries: { queryKey: unknown[]; state: { dataUpdatedAt: number } }[] }[]>(
      (resolve) => {
        const get = db.transaction('reads').objectStore('reads').getAll();
        get.onsuccess = () => resolve(get.result);
        get.onerror = () => resolve([]);
      },
    );
    db.close();
    return JSON.stringify(all.map((e) => e.queries.map((q) => [q.queryKey, q.state.dataUpdatedAt])));
  });
}

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe('installable and useful offline', () => {
  it('meets the install criteria: the manifest parses, its icons load, a service worker controls the page', async () => {
    const { context, page } = await newPage(browser, { serviceWorker: true });
    try {
      await page.goto('/');
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: { message: string }[];
        data?: string;
      };
      assert.deepEqual(manifest.errors, [], 'the manifest parses');
      const data = JSON.parse(manifest.data ?? '{}') as {
        name: string;
        display: string;
        start_url: string;
        icons: { src: string; sizes: string; purpose?: string }[];
      };
      assert.equal(data.name, 'Materieelportaal');
      assert.equal(data.display, 'standalone');
      assert.deepEqual(
        data.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`),
        ['192x192 any', '512x512 any', '512x512 maskable'],
      );
      for (const icon of [...data.icons.map((i) => i.src), '/icons/apple-touch-icon.png']) {
        const res = await page.request.get(new URL(icon, baseUrl).href);
        assert.equal(res.status(), 200, icon);
        assert.equal(res.headers()['content-type'], 'image/png', icon);
      }
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      // 'in-incognito': a Playwright context is a fresh profile, which Chromium never installs from (not the portal's)
      assert.deepEqual(
        installabilityErrors.filter((e) => e.errorId !== 'in-incognito'),
        [],
        'Chromium finds nothing missing to install the portal',
      );
      // what the worker fetched in the background: every file of the build, once
      const precached = await page.evaluate(async () => {
        const names = await caches.keys();
        const precache = names.find((n) => n.startsWith('workbox-precache'));
        return precache ? (await (await caches.open(precache)).keys()).length : 0;
      });
      assert.ok(precached > 100, `the build is precached (${precached} files)`);
    } finally {
      await context.close();
    }
  });

  it('offline, the stock, order list and removal list viewed before open with "last updated at"; a send is refused', async () => {
    const { context, page } = await phoneAs(browser, users.projectleider, 'en-US', 'Choose a location');
    try {
      // online: put something on the order list (from the catalogue) and look at the three pages
      await page.goto('/materieel');
      await page.getByTestId('category-tiles').locator('a[href^="/catalogus/"]').first().click();
      const card = page.getByTestId('item-card').first();
      await card.waitFor();
      const itemNo = (await card.getAttribute('data-item-no')) ?? '';
      await page.getByTestId(`amount-${itemNo}`).fill('1');
      // the add answered before the page is left (leaving at once could cut it off: the item would not be on the list)
      await Promise.all([
        page.waitForResponse((r) => /orderlistlines/i.test(r.url()) && r.request().method() === 'POST'),
        page.getByTestId('add-selection').click(),
      ]);
      await page.goto('/bestellijst');
      await page.locator('[data-testid^="line-amount-"]').first().waitFor();
      const orderLines = await page.locator('[data-testid^="line-amount-"]').count();
      // each page's answers are kept on the phone shortly after they arrive (the journey moves on by address, faster
      // than a person; leaving a page saves what is due, but that write may not end before the page is gone)
      await kept(page, ['order-lists/detail']);
      await page.goto('/afvoerlijst');
      await page
        .locator('main')
        .getByText(/removal list/i)
        .first()
        .waitFor();
      await kept(page, ['removal-list/detail']);
      await page.goto('/materieelvoorraad');
      await page.getByTestId('stock-row').first().waitFor();
      const stockRows = await page.getByTestId('stock-row').count();
      await kept(page, ['stock/list', 'order-lists/detail', 'removal-list/detail']);

      // the order wizard up to its last step, then the network goes
      await page.goto('/bestellijst');
      await page.getByTestId('process').click();
      await page.getByTestId('order-form').waitFor();
      await page.getByRole('button', { name: /Requested delivery date/ }).click();
      await page.locator('.mantine-DatePickerInput-day:not([disabled]):not([data-outside])').first().click();
      await page.getByTestId('to-afronden').click();
      await page.getByTestId('order-summary').waitFor();
      await context.setOffline(true);
      await page.getByTestId('offline-banner').waitFor();
      const send = page.getByTestId('submit-order');
      assert.equal(await send.isDisabled(), true, 'no send offline');
      assert.match((await send.textContent()) ?? '', /Waiting for a connection/);
      assert.match(
        (await page.getByTestId('submit-offline').textContent()) ?? '',
        /Sending needs a connection/,
      );
      await expectAccessible(page, 'Order wizard, offline (en-390)');
      await shot(page, 'submit-refused-en-390');

      // a reload without a network: the shell from the service worker, the kept pages with their time
      await page.goto('/materieelvoorraad');
      await page.getByTestId('stock-row').first().waitFor();
      assert.equal(await page.getByTestId('stock-row').count(), stockRows, 'the stock as it was last seen');
      assert.match(
        (await page.getByTestId('offline-updated-at').textContent()) ?? '',
        /^Offline — last updated at .*\d{1,2}:\d{2}/,
      );
      await expectAccessible(page, 'Stock offline (en-390)');
      await shot(page, 'stock-en-390');
      await page.goto('/bestellijst');
      await page.locator('[data-testid^="line-amount-"]').first().waitFor();
      assert.equal(await page.locator('[data-testid^="line-amount-"]').count(), orderLines);
      if (itemNo) await page.getByText(itemNo).first().waitFor();
      await page.getByTestId('offline-updated-at').waitFor();
      await shot(page, 'order-list-en-390');
      await page.goto('/afvoerlijst');
      await page.getByTestId('offline-updated-at').waitFor();
      await page
        .locator('main')
        .getByText(/removal list/i)
        .first()
        .waitFor();
      // a page never opened: not available offline, neither empty nor loading
      await page.goto('/aanvragen');
      await page.getByTestId('not-available-offline').waitFor();
      await expectAccessible(page, 'Requests offline (en-390)');
      await shot(page, 'not-available-en-390');

      // reception returns: the banner goes, the page loads
      await context.setOffline(false);
      await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
      await page.getByTestId('not-available-offline').waitFor({ state: 'detached' });
    } catch (e) {
      await shot(page, 'failed-en-390');
      // what the phone kept, for the failure's cause
      console.error('kept reads:', await keptKeys(page));
      throw e;
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });

  it('in Dutch: the stock offline with "laatst bijgewerkt", the rest not available without a connection', async () => {
    const { context, page } = await phoneAs(browser, 'administratie@vandijk.nl', 'nl-NL', 'Kies een locatie');
    try {
      await page.goto('/materieelvoorraad');
      await page.getByTestId('stock-row').first().waitFor();
      await shot(page, 'stock-online-nl-390');
      await kept(page, ['stock/list']);
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('stock-row').first().waitFor();
      assert.match(
        (await page.getByTestId('offline-updated-at').textContent()) ?? '',
        /^Offline — laatst bijgewerkt op .*\d{1,2}:\d{2}/,
      );
      await expectAccessible(page, 'Materieelvoorraad offline (nl-390)');
      await shot(page, 'stock-nl-390');
      await page.goto('/facturen');
      await page.getByText('Niet beschikbaar zonder verbinding').waitFor();
      await shot(page, 'not-available-nl-390');
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });

  it('no reception while the phone says it is online: no answer puts the portal offline with the kept stock, and it comes back by itself', async () => {
    const { context, page } = await phoneAs(browser, 'administratie@vandijk.nl', 'nl-NL', 'Kies een locatie');
    // every request to the server goes out and gets no answer (one bar in a basement); navigator.onLine stays true
    const noAnswer = /\/(api|health)(\/|$|\?)/;
    try {
      await page.goto('/materieelvoorraad');
      await page.getByTestId('stock-row').first().waitFor();
      await kept(page, ['stock/list']);
      await context.route(noAnswer, (route) => route.abort('internetdisconnected'));
      await page.reload();
      await page.getByTestId('stock-row').first().waitFor();
      assert.equal(await page.evaluate(() => navigator.onLine), true);
      assert.match(
        (await page.getByTestId('offline-updated-at').textContent()) ?? '',
        /^Offline — laatst bijgewerkt op .*\d{1,2}:\d{2}/,
      );
      await shot(page, 'no-reception-nl-390');
      // reception back: the portal finds its server again by itself (it asks /health) and the banner goes
      await context.unroute(noAnswer);
      await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 60_000 });
      await page.getByTestId('stock-row').first().waitFor();
    } finally {
      await context.unroute(noAnswer).catch(() => undefined);
      await context.close();
    }
  });

  it("without a service worker: offline, a page whose code is not on the phone says so — no error page, no 'new version'", async () => {
    // no worker (blocked, as before it installs or when the browser has none): only what the page loaded is on the phone
    const { context, page } = await newPage(browser, { locale: 'nl-NL', width: 390, height: 844 });
    await context.addInitScript(() => {
      localStorage.setItem(
        'mp.serviceMessages',
        JSON.stringify({ viewedIds: [], lastShownDay: { 'nl-NL': new Date().toISOString().slice(0, 10) } }),
      );
    });
    try {
      await signIn(page, users.uitvoerder);
      assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null, 'no service worker');
      await context.setOffline(true);
      // inside the app (a page load has nothing to load from offline) to the complaint form, whose code was not loaded
      await goInApp(page, '/klachten-aanmaken');
      await page.getByTestId('not-available-offline').waitFor();
      // the error page (RouteError) says this, and that a new version is available
      assert.equal(await page.getByText('Er is iets misgegaan').count(), 0, 'not the error page');
      assert.equal(await page.getByText('nieuwe versie').count(), 0, "no 'new version'");
      assert.equal(await page.getByTestId('update-refresh').count(), 0, "no 'new version' dialog");
      assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog at all');
      await page.getByTestId('user-menu').waitFor();
      await expectAccessible(page, 'Page code missing offline (nl-390)');
      await shot(page, 'chunk-missing-nl-390');
      // reception returns: the page's code loads and the page shows (it asks for a location first), still no dialog
      await context.setOffline(false);
      await page.getByRole('heading', { level: 1, name: 'Klacht indienen' }).waitFor();
      await page.getByTestId('not-available-offline').waitFor({ state: 'detached' });
      assert.equal(await page.getByRole('dialog').count(), 0, "no 'new version' dialog online either");
    } catch (e) {
      await page.screenshot({ path: '/tmp/offline-chunk-failure.png', fullPage: true }).catch(() => {});
      throw e;
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });

  it('a new version: its service worker waits, the user is asked, and after the reload the page is the new version', async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'mp-e2e-web-'));
    cpSync(path.join(repoRoot, 'apps/web/dist'), webRoot, { recursive: true });
    // the copy's index.html is rewritten below: no pre-compressed copies of the old one
    for (const f of ['index.html.br', 'index.html.gz']) rmSync(path.join(webRoot, f), { force: true });
    const portal = await startServer({ env: { WEB_ROOT: webRoot } });
    const context = await browser.newContext({
      baseURL: portal.baseUrl,
      viewport: { width: 390, height: 844 },
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await controlled(page);
      const before = await precachedIndex(page);
      assert.ok(before, 'index.html is precached');

      deployNewVersion(webRoot);
      // the browser looks for a new worker (it does so itself on navigations and periodically)
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('update-refresh').waitFor();
      // while it waits, this page still runs the old version, and its precache is the old one
      assert.equal(await page.evaluate(() => document.head.innerHTML.includes('mp-e2e-next')), false);
      await expectAccessible(page, 'Update available (en-390)');
      await shot(page, 'update-en-390');
      await dialog.getByTestId('update-refresh').click();
      await page.waitForFunction(() => document.head.innerHTML.includes('mp-e2e-next'));
      // only the new version's precache is left: index.html at the new revision, the old one gone
      assert.equal(await precachedIndex(page), 'e2e-next');
    } finally {
      await context.close();
      await portal.stop();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});

/** Navigates inside the running app (no page load: offline there is nothing to load it from). */
async function goInApp(page: Page, to: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, to);
}

/** The revision under which index.html is in the service worker's precache. */
function precachedIndex(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const revisions: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) continue;
      for (const req of await (await caches.open(name)).keys()) {
        const url = new URL(req.url);
        if (url.pathname === '/index.html') revisions.push(url.searchParams.get('__WB_REVISION__') ?? '');
      }
    }
    return revisions.length === 1 ? (revisions[0] ?? null) : revisions.length ? revisions.join(',') : null;
  });
}

/** A deployment into `webRoot`: a new index.html (with a marker) and the service worker that precaches it. */
function deployNewVersion(webRoot: string): void {
  const sw = path.join(webRoot, 'sw.js');
  const real = readFileSync(sw, 'utf8');
  const next = real.replace(/(url:"index\.html",revision:")[^"]+"/, '$1e2e-next"');
  assert.notEqual(next, real, "index.html's revision is in the worker");
  writeFileSync(sw, next);
  const index = path.join(webRoot, 'index.html');
  writeFileSync(
    index,
    readFileSync(index, 'utf8').replace('</head>', '<meta name="mp-e2e-next" content="1"></head>'),
  );
}
