import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { releasePorts, reservePort } from '../../../../../scripts/lib/ports.ts';
import { startEmbeddedPostgres } from './embedded.ts';

// The seed starts its embedded PostgreSQL with bulk-load settings (seed/cli.ts SEED_SETTINGS); they hold for that
// start only, so the server's next start on the same directory is back to the defaults, and fsync cannot be turned off.

const dir = mkdtempSync(path.join(tmpdir(), 'mp-embedded-'));
chmodSync(dir, 0o755); // open to the postgres user when run as root (see embedded.ts)
afterAll(() => {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  releasePorts();
});

async function show(url: string, names: string[]): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, string> = {};
    for (const name of names) out[name] = (await client.query(`show ${name}`)).rows[0][name];
    return out;
  } finally {
    await client.end();
  }
}

const names = ['max_wal_size', 'checkpoint_timeout', 'synchronous_commit', 'fsync'];

describe('startEmbeddedPostgres settings', () => {
  it('applies the settings of one start only; the next start has the defaults', async () => {
    const port = await reservePort();
    const options = { dir: path.join(dir, 'pg'), port, socketDir: path.join(dir, 's') };
    const seeding = await startEmbeddedPostgres({
      ...options,
      settings: { max_wal_size: '4GB', checkpoint_timeout: '30min', synchronous_commit: 'off' },
    });
    try {
      expect(await show(seeding.url, names)).toEqual({
        max_wal_size: '4GB',
        checkpoint_timeout: '30min',
        synchronous_commit: 'off',
        fsync: 'on',
      });
    } finally {
      await seeding.stop();
    }
    const serving = await startEmbeddedPostgres(options);
    try {
      expect(await show(serving.url, names)).toEqual({
        max_wal_size: '1GB',
        checkpoint_timeout: '5min',
        synchronous_commit: 'on',
        fsync: 'on',
      });
    } finally {
      await serving.stop();
    }
  }, 120_000);

  it('refuses to turn fsync off', async () => {
    await expect(
      startEmbeddedPostgres({ dir: path.join(dir, 'never'), port: 1, settings: { fsync: 'off' } }),
    ).rejects.toThrow(/fsync stays on/);
  });
});
