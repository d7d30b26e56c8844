import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// npm runs a dependency's install script only when package.json "allowScripts" approves it, and with
// strict-allow-scripts (.npmrc) an unreviewed one fails the install instead of running with a notice.

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  allowScripts: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean; name?: string }>;
};

describe('install scripts', () => {
  it('are enforced: an unreviewed install script fails npm ci', () => {
    const npmrc = readFileSync(new URL('.npmrc', root), 'utf8');
    expect(npmrc).toMatch(/^strict-allow-scripts=true$/m);
  });

  it('have a reviewed decision (allow or deny) for every locked package that ships one', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript)
      .map(([path, p]) => p.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    const undecided = [...new Set(withScripts)].filter((name) => !(name in pkg.allowScripts));
    expect(undecided).toEqual([]);
  });
});
