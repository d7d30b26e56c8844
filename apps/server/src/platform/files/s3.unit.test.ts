import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './s3.ts';
import type { FileStorage } from './storage.ts';

// The S3 storage (S3_BUCKET, S3_ENDPOINT, issue #34 point 2) against a real S3-compatible server on loopback (s3rver):
// two storages made by createStorage, as two server processes (or machines) would make them from the same
// configuration, each with a client of its own. What one writes the other reads; a missing key is null.

const BUCKET = 'mp-files';
let server: S3rver;
let dir: string;
let one: FileStorage;
let other: FileStorage;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mp-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const config = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    // s3rver's fixed credentials
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    dataDir: path.join(dir, 'not-used'),
  };
  one = createStorage(config);
  other = createStorage(config);
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3 storage against an S3-compatible server', () => {
  it('serves through one storage what another wrote, byte for byte', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    await one.put('images/3f1c2a.png', bytes, 'image/png');
    const read = await other.get('images/3f1c2a.png');
    expect(read?.equals(bytes)).toBe(true);
    expect(one.constructor.name).toBe('S3Storage');
  });

  it('answers null for a key that was never written', async () => {
    expect(await other.get('images/nooit-geschreven.png')).toBeNull();
  });

  it('overwrites a key and deletes it for every reader; deleting a missing key is no error', async () => {
    await one.put('documents/a1.pdf', Buffer.from('eerste'), 'application/pdf');
    await other.put('documents/a1.pdf', Buffer.from('tweede'), 'application/pdf');
    expect((await one.get('documents/a1.pdf'))?.toString()).toBe('tweede');
    await other.delete('documents/a1.pdf');
    expect(await one.get('documents/a1.pdf')).toBeNull();
    await expect(one.delete('documents/a1.pdf')).resolves.toBeUndefined();
  });

  it('refuses a key that is not server-made before it reaches the server', async () => {
    await expect(one.put('../buiten.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      'storage key refused',
    );
    await expect(one.get('images/../../etc/passwd')).rejects.toThrow('storage key refused');
  });
});
