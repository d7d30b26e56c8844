import { mkdtempSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../http/error-handler.ts';
import { createStorage, S3Storage } from './s3.ts';
import { type FileStorage, LocalDiskStorage, newStorageKey } from './storage.ts';
import { minimalXlsx, multipart, zip } from './testing.ts';
import {
  checkZipArchive,
  detectKind,
  readUploads,
  reencodeImage,
  registerUploads,
  safeDisplayName,
} from './uploads.ts';

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();

describe('local disk storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'mp-storage-'));
  const storage: FileStorage = new LocalDiskStorage(root);

  it('stores, reads and deletes under a server key', async () => {
    const key = newStorageKey('images', 'png');
    await storage.put(key, Buffer.from('abc'), 'image/png');
    expect((await storage.get(key))?.toString()).toBe('abc');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('refuses keys that escape the root', async () => {
    for (const key of ['../x', '../../etc/passwd', 'a/../../x', '/etc/passwd', '..']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/escapes root/);
      await expect(storage.get(key)).rejects.toThrow(/escapes root/);
    }
  });

  it('makes keys from a cleaned prefix and extension only', () => {
    const key = newStorageKey('../../evil', 'p/n\\g..');
    expect(key).toMatch(/^evil\/[0-9a-f-]{36}\.png$/);
  });
});

describe('S3 storage', () => {
  // why: S3 is an outside service; the stub records the commands the storage would send.
  const sent: unknown[] = [];
  const objects = new Map<string, Buffer>();
  const client = {
    async send(command: unknown) {
      sent.push(command);
      if (command instanceof PutObjectCommand)
        objects.set(String(command.input.Key), command.input.Body as Buffer);
      if (command instanceof GetObjectCommand) {
        const body = objects.get(String(command.input.Key));
        if (!body) throw Object.assign(new Error('missing'), { name: 'NoSuchKey' });
        return { Body: { transformToByteArray: async () => new Uint8Array(body) } };
      }
      return {};
    },
  };
  const storage = new S3Storage({ client, bucket: 'b', prefix: 'mp' });

  it('puts and gets under the prefix, missing keys read as null', async () => {
    await storage.put('images/a.png', Buffer.from('x'), 'image/png');
    expect(objects.has('mp/images/a.png')).toBe(true);
    expect((await storage.get('images/a.png'))?.toString()).toBe('x');
    expect(await storage.get('images/none.png')).toBeNull();
  });

  it('refuses keys that are not server-made', async () => {
    for (const key of ['../x', 'a/../b', '/abs', 'a//b', 'a b']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/refused/);
    }
  });

  it('is chosen only when a bucket is configured', () => {
    const base = {
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: undefined,
      S3_ACCESS_KEY_ID: undefined,
      S3_SECRET_ACCESS_KEY: undefined,
      dataDir: '/tmp/x',
    };
    expect(createStorage({ ...base, S3_BUCKET: undefined })).toBeInstanceOf(LocalDiskStorage);
    expect(
      createStorage({ ...base, S3_BUCKET: 'files', S3_ENDPOINT: 'http://localhost:9000' }),
    ).toBeInstanceOf(S3Storage);
  });
});

describe('type detection by magic bytes', () => {
  it('knows the accepted types and sees through names', async () => {
    expect(detectKind(await png())).toBe('png');
    expect(
      detectKind(
        await sharp(await png())
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg');
    expect(
      detectKind(
        await sharp(await png())
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(
      detectKind(
        await sharp(await png())
          .gif()
          .toBuffer(),
      ),
    ).toBe('gif');
    expect(detectKind(Buffer.from('%PDF-1.7\n...'))).toBe('pdf');
    expect(detectKind(minimalXlsx())).toBe('xlsx');
    expect(detectKind(zip([{ name: 'a.txt', data: Buffer.from('a') }]))).toBe('zip');
    expect(detectKind(Buffer.from('<html><script>alert(1)</script></html>'))).toBe('html');
    expect(detectKind(Buffer.from('\uFEFF  <!DOCTYPE html><p>x'))).toBe('html');
    expect(detectKind(Buffer.from('<?xml version="1.0"?><svg onload="alert(1)"/>'))).toBe('svg');
    expect(detectKind(Buffer.from('just text'))).toBeNull();
  });
});

describe('zip-bomb guard', () => {
  it('accepts a small workbook', () => {
    expect(checkZipArchive(minimalXlsx()).entries).toBe(2);
  });

  it('refuses a real high-ratio bomb before inflating it', () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    const bomb = minimalXlsx([{ name: 'xl/worksheets/sheet1.xml', data: zeros }]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(() => checkZipArchive(bomb)).toThrow(
      expect.objectContaining({ type: 'too_large', details: { reason: 'zip_ratio' } }),
    );
  });

  it('refuses a declared total beyond the limit and too many entries', () => {
    const big = minimalXlsx(
      Array.from({ length: 5 }, (_, i) => ({
        name: `xl/s${i}.xml`,
        data: Buffer.from('x'.repeat(100)),
        declaredSize: 60 * 1024 * 1024,
      })),
    );
    expect(() =>
      checkZipArchive(big, { maxEntries: 100, maxTotalUncompressed: 200 * 1024 * 1024, maxRatio: 1e9 }),
    ).toThrow(expect.objectContaining({ details: { reason: 'zip_uncompressed_size' } }));
    const many = zip(Array.from({ length: 50 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') })));
    expect(() => checkZipArchive(many, { maxEntries: 20, maxTotalUncompressed: 1e9, maxRatio: 1e9 })).toThrow(
      expect.objectContaining({ details: { reason: 'zip_entries' } }),
    );
  });

  it('refuses a truncated archive as the wrong type', () => {
    const cut = minimalXlsx().subarray(0, 60);
    expect(() => checkZipArchive(cut)).toThrow(expect.objectContaining({ type: 'unsupported_type' }));
  });
});

describe('names and downloads', () => {
  it('keeps the user file name as display text only', () => {
    expect(safeDisplayName('../../x')).toBe('x');
    expect(safeDisplayName('..\\..\\windows\\evil.exe')).toBe('evil.exe');
    expect(safeDisplayName('.htaccess')).toBe('htaccess');
    expect(safeDisplayName('a<script>.jpg')).toBe('a script .jpg');
    expect(safeDisplayName('')).toBe('bestand');
    const long = safeDisplayName(`${'a'.repeat(500)}.pdf`);
    expect(long.length).toBe(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('image re-encoding', () => {
  it('strips metadata and caps dimensions', async () => {
    const withExif = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#0a0' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .toBuffer();
    expect(withExif.includes(Buffer.from('secret-gps-owner'))).toBe(true);
    const out = await reencodeImage(withExif, { maxDimension: 1200 });
    expect(out.kind).toBe('jpeg');
    expect(out.width).toBe(1200);
    expect(out.bytes.includes(Buffer.from('secret-gps-owner'))).toBe(false);
  });

  it('refuses bytes that only look like an image', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<script>'),
    ]);
    await expect(reencodeImage(fake)).rejects.toMatchObject({ type: 'unsupported_type' });
  });
});

describe('readUploads over HTTP', () => {
  const app = Fastify();
  const limit = 64 * 1024;
  beforeAll(async () => {
    registerErrorHandling(app);
    app.decorateRequest('locale', 'nl-NL');
    await registerUploads(app, { MAX_UPLOAD_BYTES: limit });
    app.post('/img', async (req) => {
      const { files, fields } = await readUploads(
        req,
        { MAX_UPLOAD_BYTES: limit },
        { allowed: ['png', 'jpeg'], fileFields: ['file'] },
      );
      return {
        files: files.map((f) => ({
          field: f.field,
          name: f.displayName,
          kind: f.kind,
          size: f.bytes.length,
        })),
        fields,
      };
    });
    app.post('/xlsx', async (req) => {
      const { files } = await readUploads(req, { MAX_UPLOAD_BYTES: 10 * 1024 * 1024 }, { allowed: ['xlsx'] });
      return { kind: files[0].kind };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('accepts an image and keeps the name as display text', async () => {
    const body = multipart([
      { name: 'file', filename: '../../x.png', value: await png() },
      { name: 'caption', value: 'hi' },
    ]);
    const r = await app.inject({ method: 'POST', url: '/img', ...body });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      files: [{ field: 'file', name: 'x.png', kind: 'png' }],
      fields: { caption: 'hi' },
    });
  });

  it('answers 415 for HTML named .jpg, SVG, and a non-multipart body', async () => {
    const html = multipart([
      {
        name: 'file',
        filename: 'foto.jpg',
        contentType: 'image/jpeg',
        value: '<html><script>alert(1)</script>',
      },
    ]);
    const r1 = await app.inject({ method: 'POST', url: '/img', ...html });
    expect(r1.statusCode).toBe(415);
    expect(r1.json()).toMatchObject({ code: 'error.bestandstype', details: { detected: 'html' } });
    const svg = multipart([
      {
        name: 'file',
        filename: 'logo.png',
        contentType: 'image/png',
        value: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      },
    ]);
    expect((await app.inject({ method: 'POST', url: '/img', ...svg })).statusCode).toBe(415);
    const json = await app.inject({ method: 'POST', url: '/img', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('answers 413 beyond the limit, whether or not a length is declared', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(limit * 4)]);
    const body = multipart([{ name: 'file', filename: 'big.png', value: big }]);
    const r = await app.inject({ method: 'POST', url: '/img', ...body });
    expect(r.statusCode).toBe(413);
    expect(r.json().code).toBe('error.te_groot');
    // Slightly over the per-file limit: the declared length passes, the stream limit stops it.
    const edge = multipart([
      { name: 'file', filename: 'edge.png', value: Buffer.concat([await png(), Buffer.alloc(limit)]) },
    ]);
    expect((await app.inject({ method: 'POST', url: '/img', ...edge })).statusCode).toBe(413);
  });

  it('refuses a second file, a second file in one field, and unknown file fields', async () => {
    const two = multipart([
      { name: 'file', filename: 'a.png', value: await png() },
      { name: 'file', filename: 'b.png', value: await png() },
    ]);
    expect([400, 413]).toContain((await app.inject({ method: 'POST', url: '/img', ...two })).statusCode);
    const other = multipart([{ name: 'other', filename: 'a.png', value: await png() }]);
    expect((await app.inject({ method: 'POST', url: '/img', ...other })).statusCode).toBe(400);
  });

  it('checks a workbook for a zip bomb before anything parses it', async () => {
    const ok = multipart([{ name: 'file', filename: 'gebruikers.xlsx', value: minimalXlsx() }]);
    expect((await app.inject({ method: 'POST', url: '/xlsx', ...ok })).json()).toEqual({ kind: 'xlsx' });
    const bomb = minimalXlsx([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(30 * 1024 * 1024) }]);
    const r = await app.inject({
      method: 'POST',
      url: '/xlsx',
      ...multipart([{ name: 'file', filename: 'b.xlsx', value: bomb }]),
    });
    expect(r.statusCode).toBe(413);
    expect(r.json().details.reason).toBe('zip_ratio');
    const plainZip = zip([{ name: 'a.txt', data: Buffer.from('x') }]);
    const z = await app.inject({
      method: 'POST',
      url: '/xlsx',
      ...multipart([{ name: 'file', filename: 'a.xlsx', value: plainZip }]),
    });
    expect(z.statusCode).toBe(415);
  });

  it('never writes the client name anywhere on disk (keys are server-made)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'mp-up-'));
    const storage: FileStorage = new LocalDiskStorage(root);
    const key = newStorageKey('content', 'png');
    await storage.put(key, await png(), 'image/png');
    expect(readdirSync(path.join(root, 'content'))).toEqual([path.basename(key)]);
    expect((await readFile(path.join(root, key))).length).toBeGreaterThan(0);
  });
});
