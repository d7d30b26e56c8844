// Restores lockfile entries for platform-specific optional packages that this machine's npm registry
// does not carry (npm drops them on `npm install`, and `npm ci` then refuses the lockfile as out of sync).
// Such an entry has no download address: npm skips it on every platform it does not match.
// Run after `npm install`: node scripts/lock-optional.mjs  (plain JS: runs on any Node).
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pkgs = lock.packages;
const platform =
  /-(android|darwin|freebsd|linux|openbsd|sunos|win32|aix|netbsd|openharmony)-(arm64|x64|ia32|arm|ppc64|s390x|riscv64|loong64|wasm32)(-(musl|gnu|msvc|gnueabihf|eabi))?$/;
let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = path.slice(0, path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const candidates = [`${path}/node_modules/${name}`, `${base}${name}`, `node_modules/${name}`];
    if (candidates.some((c) => pkgs[c])) continue;
    const m = platform.exec(name);
    if (!m) continue;
    pkgs[`node_modules/${name}`] = {
      version: String(version).replace(/^[\^~]/, ''),
      cpu: [m[2]],
      dev: meta.dev,
      license: meta.license,
      optional: true,
      os: [m[1] === 'android' ? 'android' : m[1]],
      ...(m[4] === 'musl' ? { libc: ['musl'] } : {}),
    };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-optional: ${added} platform entries restored`);
