// `npm start` builds the web app only when its sources changed since the last build, so a second start
// comes up in seconds.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const marker = 'apps/web/dist/build-id.txt';
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contract/src',
];

function newest(p: string): number {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(p).map((name) => newest(path.join(p, name))));
}

const built = newest(marker);
if (built > 0 && Math.max(...sources.map(newest)) <= built) {
  console.log('web app is up to date (apps/web/dist)');
} else {
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
