import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../../../../..');
let cached: { version: string; buildId: string } | undefined;

/** The package version and the web build's id (written by the web build), read once. */
export function buildInfo(): { version: string; buildId: string } {
  if (cached) return cached;
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string };
  let buildId = 'dev';
  try {
    buildId = readFileSync(path.join(root, 'apps/web/dist/build-id.txt'), 'utf8').trim();
  } catch {}
  cached = { version: pkg.version ?? '0.0.0', buildId };
  return cached;
}
