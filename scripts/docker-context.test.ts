// What `docker build .` would send, listed without a Docker engine (issue #31 item 9): the checkout walked as the
// Docker CLI walks it, with .dockerignore applied by @balena/dockerignore (Docker's own matching rules: Go's
// filepath.Match patterns, `**`, `!` exceptions, last match wins). Planted files stand for what a real checkout holds
// beside the sources: the dev cluster and its jwt-secret in data/, an .env, a key, node_modules.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ignore from '@balena/dockerignore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Every file of `dir` that a build context holds, as paths relative to `dir` with forward slashes. The big trees
 * (node_modules, .git) are not walked file by file: one probe path in each stands for all of it.
 */
function buildContext(dir: string): string[] {
  const ig = ignore().add(readFileSync(path.join(dir, '.dockerignore'), 'utf8'));
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel))) {
      const child = rel ? `${rel}/${name}` : name;
      const isDir = statSync(path.join(dir, child)).isDirectory();
      if (isDir && (name === 'node_modules' || name === '.git')) {
        for (const probe of [`${child}/package.json`, `${child}/config`, `${child}/x/index.js`])
          if (!ig.ignores(probe)) out.push(probe);
      } else if (isDir) walk(child);
      else if (!ig.ignores(child)) out.push(child);
    }
  };
  walk('');
  return out;
}

/** A copy of the checkout's shape: its .dockerignore, a few real source paths, and what must stay out. */
let fake: string;
const planted = {
  'data/postgres/PG_VERSION': '18',
  'data/jwt-secret': 'c2VjcmV0',
  'data/files/ab/cd/upload.pdf': '%PDF',
  '.env': 'JWT_SECRET=x',
  '.env.production': 'JWT_SECRET=y',
  '.git/config': '[core]',
  'node_modules/pg/package.json': '{}',
  'apps/web/node_modules/.vite/x.js': '',
  'apps/web/dist/index.html': '<html>',
  'apps/server/test/app.ts': '',
  'apps/server/src/modules/users/users.test.ts': '',
  'apps/server/data/stray.sql': '',
  'deploy/portal.pem': '-----BEGIN',
  'bench/results/run.json': '{}',
  'e2e/journeys/auth.ts': '',
  'docs/screenshots/home.png': '',
  'server.log': '',
  'sbom.cdx.json': '{}',
  'apps/server/src/main.ts': '',
  'apps/server/src/db/migrations/0000_init.sql': '',
  'apps/server/src/modules/auth/common-passwords.txt': '',
  'apps/server/package.json': '{}',
  'apps/web/src/main.tsx': '',
  'apps/web/index.html': '',
  'apps/web/vite.config.ts': '',
  'packages/contract/src/i18n/nl-NL.json': '{}',
  'packages/contract/package.json': '{}',
  'package.json': '{}',
  'package-lock.json': '{}',
  '.npmrc': '',
  'tsconfig.base.json': '{}',
};

beforeAll(() => {
  fake = mkdtempSync(path.join(tmpdir(), 'mp-docker-context-'));
  writeFileSync(path.join(fake, '.dockerignore'), readFileSync(path.join(root, '.dockerignore')));
  for (const [file, text] of Object.entries(planted)) {
    mkdirSync(path.dirname(path.join(fake, file)), { recursive: true });
    writeFileSync(path.join(fake, file), text);
  }
});
afterAll(() => rmSync(fake, { recursive: true, force: true }));

describe('the Docker build context (.dockerignore)', () => {
  it('sends the sources and manifests the image builds from', () => {
    const sent = buildContext(fake);
    for (const needed of [
      'package.json',
      'package-lock.json',
      '.npmrc',
      'tsconfig.base.json',
      'apps/server/src/main.ts',
      'apps/server/src/db/migrations/0000_init.sql',
      'apps/server/src/modules/auth/common-passwords.txt',
      'apps/server/package.json',
      'apps/web/src/main.tsx',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/contract/src/i18n/nl-NL.json',
      'packages/contract/package.json',
    ])
      expect(sent, needed).toContain(needed);
  });

  it('never sends data/, secrets, .git, node_modules, builds, tests, logs or other local files', () => {
    const sent = buildContext(fake);
    expect(sent.filter((f) => /(^|\/)(data|\.git|node_modules|dist|test)\//.test(f))).toEqual([]);
    expect(sent.filter((f) => /(^|\/)\.env|\.pem$|\.key$|\.log$|\.test\.tsx?$/.test(f))).toEqual([]);
    for (const outside of [
      'bench/results/run.json',
      'e2e/journeys/auth.ts',
      'docs/screenshots/home.png',
      'sbom.cdx.json',
    ])
      expect(sent).not.toContain(outside);
  });

  it('holds in the real checkout too: nothing of data/, .git or node_modules', () => {
    const sent = buildContext(root);
    expect(sent.length).toBeGreaterThan(100);
    expect(sent.filter((f) => /(^|\/)(data|\.git|node_modules|dist)\//.test(f))).toEqual([]);
    expect(sent).toContain('apps/server/src/main.ts');
  });

  it('lets a failed prune fail the image build', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/npm prune/);
    expect(dockerfile).not.toMatch(/\|\|\s*true/);
  });
});
