import { launch } from '../support/browser.ts';
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
const t0 = Date.now();
await page.goto(process.argv[2]);
await page.getByTestId('banner-large').waitFor({ timeout: 30000 });
const shown = Date.now() - t0;
await page.waitForTimeout(500);
const { profile } = await cdp.send('Profiler.stop');
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas ?? [];
const samples = profile.samples ?? [];
for (let i = 0; i < samples.length; i++) {
  const n = byId.get(samples[i])!;
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
}
const byUrl = new Map<string, number>();
for (const [k, v] of self) { const u = k.split(' ')[1]?.split(':')[0] ?? '?'; byUrl.set(u, (byUrl.get(u) ?? 0) + v); }
console.log('banner shown after', shown, 'ms (4x CPU, no network throttling)');
console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${Math.round(v)}ms ${k}`).join('\n'));
console.log('--- top self');
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${Math.round(v)}ms ${k}`).join('\n'));
await browser.close();
