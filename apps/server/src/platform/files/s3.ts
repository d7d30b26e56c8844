import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import { type FileStorage, LocalDiskStorage } from './storage.ts';

/** Keys are server-made (`prefix/uuid.ext`); anything else is a bug or an attack and is refused. */
export function assertSafeKey(key: string): void {
  if (
    !/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) ||
    key.split('/').includes('..') ||
    key.length > 512
  ) {
    throw new Error('storage key refused');
  }
}

/** The part of the S3 client this storage uses (lets a unit test stand in for the network). */
export interface S3Like {
  send(command: PutObjectCommand | GetObjectCommand | DeleteObjectCommand): Promise<unknown>;
}

/** S3-compatible object storage (AWS S3, MinIO, Ceph, …): one bucket, optional key prefix. */
export class S3Storage implements FileStorage {
  private readonly client: S3Like;
  private readonly bucket: string;
  private readonly prefix: string;
  constructor(options: { client: S3Like; bucket: string; prefix?: string }) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  }
  private key(key: string): string {
    assertSafeKey(key);
    return this.prefix + key;
  }
  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }
  async get(key: string): Promise<Buffer | null> {
    try {
      const out = (await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }),
      )) as {
        Body?: { transformToByteArray(): Promise<Uint8Array> };
      };
      if (!out.Body) return null;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (e) {
      const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404)
        return null;
      throw e;
    }
  }
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }
}

/**
 * The storage main.ts uses: S3 when S3_BUCKET is set (S3_ENDPOINT for a non-AWS service, which then
 * uses path-style addressing), otherwise the local disk under DATA_DIR/files.
 */
export function createStorage(
  config: Pick<
    Config,
    'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'dataDir'
  >,
): FileStorage {
  if (!config.S3_BUCKET) return new LocalDiskStorage(path.join(config.dataDir, 'files'));
  const client = new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: Boolean(config.S3_ENDPOINT),
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  return new S3Storage({ client, bucket: config.S3_BUCKET });
}
