import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../../../../..');
let version: string | undefined;
const buildIds = new Map<string, string>();

/**
 * The package version and the id of the web build served from `webRoot` (written by the web build; the repository's
 * apps/web/dist unless WEB_ROOT names another), each read once.
 */
export function buildInfo(webRoot?: string): { version: string; buildId: string } {
  if (version === undefined) {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string };
    version = pkg.version ?? '0.0.0';
  }
  const dir = webRoot ?? path.join(root, 'apps/web/dist');
  let buildId = buildIds.get(dir);
  if (buildId === undefined) {
    buildId = 'dev';
    try {
      buildId = readFileSync(path.join(dir, 'build-id.txt'), 'utf8').trim();
    } catch {}
    buildIds.set(dir, buildId);
  }
  return { version, buildId };
}
