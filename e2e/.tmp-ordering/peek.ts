// Temporary: look at the ordering pages (not part of the suite).
import { launch, newPage, signIn, users } from '../support/browser.ts';

const [, , width = '1280', height = '800', locale = 'nl-NL', ...routes] = process.argv;
const browser = await launch();
const { context, page } = await newPage(browser, { width: Number(width), height: Number(height), locale });
await context.addInitScript((l) => {
  if (!localStorage.getItem('mp.preferences'))
    localStorage.setItem('mp.preferences', JSON.stringify({ locale: l }));
  localStorage.setItem(
    'mp.serviceMessages',
    JSON.stringify({ viewedIds: [], lastShownDay: { [l]: new Date().toISOString().slice(0, 10) } }),
  );
}, locale);
page.on('console', (m) => m.type() === 'error' && console.log('[console]', m.text().slice(0, 300)));
page.on('pageerror', (e) => console.log('[pageerror]', e.message));
await signIn(page, users.uitvoerder);
await page.getByTestId('location-selector').click();
await page.getByRole('option').first().click();
for (const r of routes) {
  const [path, name] = r.split('=');
  await page.goto(path);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(600);
  await page.screenshot({
    path: `/tmp/shots-ordering/${name}-${locale.slice(0, 2)}-${width}.png`,
    fullPage: true,
  });
  console.log(path, '→', await page.locator('h1').allTextContents());
}
await browser.close();
