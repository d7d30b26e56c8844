import { launch, newPage } from '../support/browser.ts';

const browser = await launch();
const { page } = await newPage(browser);
page.on('console', (m) => console.log('[console]', m.type(), m.text().slice(0, 300)));
page.on('pageerror', (e) => console.log('[pageerror]', e.message, e.stack?.slice(0, 300)));
await page.goto(process.argv[2]);
await page.waitForTimeout(4000);
console.log(await page.title(), await page.locator('h1').allTextContents());
await page.screenshot({ path: '/tmp/shots/peek.png' });
await browser.close();
