// Shared helpers for the journeys: Chromium through playwright-core, sign-in, axe checks.
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { findChromium } from '../../scripts/lib/chromium.ts';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const DEMO_PASSWORD = 'Materieel2026!';
export const users = {
  admin: 'admin@materieelportaal.nl',
  uitvoerder: 'uitvoerder@vandijk.nl',
  projectleider: 'projectleider@infranoord.nl',
} as const;

/** Headless Chromium: CHROMIUM_PATH, the system's, Playwright's or the bundled one (scripts/lib/chromium.ts). */
export async function launch(): Promise<Browser> {
  const found = await findChromium();
  return chromium.launch({
    executablePath: found.path,
    env: { ...process.env, ...found.env },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh browser context and page. The portal's service worker is blocked unless a journey asks for it
 * (`serviceWorker: true`: the offline journeys): it would download the whole build (~1.4 MB) in the background of
 * every context, which the other journeys do not test (decision 0031).
 */
export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; locale?: string; serviceWorker?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? 'nl-NL',
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (e) => process.stderr.write(`[pageerror] ${e.message}\n`));
  return { context, page };
}

/** Signs in through the Inloggen form; returns when the shell shows the user menu. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/inloggen')) await page.goto('/inloggen');
  await page.getByLabel(/E-mailadres|Email address|Adresse e-mail|E-Mail-Adresse/).fill(email);
  await page
    .getByLabel(/^(Wachtwoord|Password|Mot de passe|Passwort)/)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /^(Inloggen|Sign in|Se connecter|Anmelden)$/ }).click();
  await page.getByTestId('user-menu').waitFor();
  // the page to return to has loaded (the shell moves focus to it)
  await page.waitForURL((url) => !url.pathname.startsWith('/inloggen'));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL(/\/inloggen/);
}

const checked = new Set<string>();

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // A menu that was just used may still be in its closing transition (items gone, role=menu left):
  // check the page as it settles, not that frame.
  for (let i = 0; i < 20 && (await page.locator('[role="menu"]:visible').count()) > 0; i++) {
    await page.waitForTimeout(100);
  }
  // Likewise a drawer or modal still fading in or out (e.g. the phone menu after a link in it was followed):
  // its half-transparent text fails the contrast rule. Wait for the transitions under way to end (not for
  // endless ones such as a loader's spin; at most 5 s). First two frames: a Mantine transition sets its "in"
  // styles a frame after it mounts, so a dialog that has just opened has no animation to wait for yet (a loaded
  // machine's e2e run checked the mail templates' discard dialog half faded in).
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(undefined)))),
  );
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((r) => setTimeout(r, 5000)),
    ]),
  );
  // and one that starts meanwhile (a snackbar fading in as an autosave answers) is shown in its final state while
  // axe looks: the app's animations stop under reduced motion
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  checked.add(name);
  const report = bad.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join('\n    ')}`,
  );
  assert.deepEqual(report, [], `axe found serious/critical violations on ${name}`);
}

/**
 * The browser's refresh token: an HttpOnly cookie (read here through the browser context, as no script of
 * the page can), after checking that local storage holds no token at all (issue #9 item 1).
 */
export async function sessionRefreshCookie(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('mp.auth'));
  assert.ok(raw, 'no signed-in user in local storage');
  assert.doesNotMatch(raw, /accessToken|refreshToken/, 'local storage holds a token');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'mp-refresh');
  assert.ok(cookie, 'no refresh cookie');
  assert.equal(cookie.httpOnly, true);
  assert.equal(await page.evaluate(() => document.cookie.includes('mp-refresh')), false);
  return cookie.value;
}

/** Signs in over the API (no browser) and returns the bearer token: for setting up data. */
export async function apiToken(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v2.0/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200)
    assert.fail(`login of ${email} over the API failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Sets one setting as admin (POST /api/v2.0/Settings { key, value }). */
export async function setSetting(key: string, value: unknown): Promise<void> {
  const token = await apiToken(users.admin);
  const res = await fetch(`${baseUrl}/api/v2.0/Settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ key, value }),
  });
  if (res.status !== 204) assert.fail(`setting ${key} failed: ${res.status} ${await res.text()}`);
}

const chooseLocation: Record<string, string> = {
  'nl-NL': 'Kies een locatie',
  'en-US': 'Choose a location',
  'fr-FR': 'Choisir un chantier',
  'de-DE': 'Baustelle wählen',
};

/**
 * A journey's start on a site: a page in `locale` at `width` (a phone's height below 500 wide), the interface in that
 * language with today's service messages already seen, signed in as the site manager, the `locationIndex`-th of
 * their locations selected. `tag` names the run in messages and screenshots.
 */
export async function startOnSite(
  browser: Browser,
  locale: keyof typeof chooseLocation,
  width: number,
  locationIndex: number,
): Promise<{ context: BrowserContext; page: Page; tag: string }> {
  const { context, page } = await newPage(browser, { locale, width, height: width < 500 ? 844 : 800 });
  await context.addInitScript((l) => {
    if (!localStorage.getItem('mp.preferences'))
      localStorage.setItem('mp.preferences', JSON.stringify({ locale: l }));
    localStorage.setItem(
      'mp.serviceMessages',
      JSON.stringify({ viewedIds: [], lastShownDay: { [l]: new Date().toISOString().slice(0, 10) } }),
    );
  }, locale);
  await signIn(page, users.uitvoerder);
  await page.getByRole('combobox', { name: chooseLocation[locale] }).focus();
  await page.getByRole('option').nth(locationIndex).click();
  return { context, page, tag: `${locale.slice(0, 2)}-${width}` };
}

/**
 * A journey's start as `email`: a page in `locale` at `width` (a phone's height below 500 wide), the interface in that
 * language with today's service messages already seen, signed in. `tag` names the run in messages and screenshots.
 */
export async function startAs(
  browser: Browser,
  locale: string,
  width: number,
  email: string,
  options: { serviceWorker?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; tag: string }> {
  const { context, page } = await newPage(browser, {
    locale,
    width,
    height: width < 500 ? 844 : 800,
    serviceWorker: options.serviceWorker,
  });
  await context.addInitScript((l) => {
    localStorage.setItem('mp.preferences', JSON.stringify({ locale: l }));
    localStorage.setItem(
      'mp.serviceMessages',
      JSON.stringify({ viewedIds: [], lastShownDay: { [l]: new Date().toISOString().slice(0, 10) } }),
    );
  }, locale);
  await signIn(page, email);
  return { context, page, tag: `${locale.slice(0, 2)}-${width}` };
}

/** The page is no wider than the screen (nothing scrolls sideways on a phone). */
export async function noSideways(page: Page, name: string): Promise<void> {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  assert.ok(scroll <= width, `${name}: ${scroll} px wide on a ${width} px screen`);
}
