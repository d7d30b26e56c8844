import { launch, newPage, signIn, users } from '../support/browser.ts';

const browser = await launch();
const { page } = await newPage(browser);
await signIn(page, users.uitvoerder);
const box = page.getByRole('combobox', { name: 'Zoeken' });
await box.fill('steiger');
await page.waitForTimeout(1500);
const opts = page.getByRole('option');
console.log('options', await opts.count());
for (let i = 0; i < Math.min(3, await opts.count()); i++)
  console.log(i, await opts.nth(i).isVisible(), (await opts.nth(i).textContent())?.slice(0, 80));
console.log(
  await page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Combobox-dropdown')].map(
      (d) => (d as HTMLElement).outerHTML.slice(0, 300) + ' display=' + getComputedStyle(d).display,
    ),
  ),
);
console.log('focused', await page.evaluate(() => document.activeElement?.id));
await page.screenshot({ path: '/tmp/shots/dbg-search.png' });
await browser.close();
