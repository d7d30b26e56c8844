import path from 'node:path';
import { type FileStorage, LocalDiskStorage } from './storage.ts';

/**
 * The storage a server process uses (createStorage in s3.ts): the local disk under DATA_DIR/files, or S3 when
 * S3_BUCKET is set — then s3.ts and the AWS client (~50 modules) are loaded, not in a process that stores on disk
 * (decision 0008 "RSS per process").
 */
export async function openStorage(
  config: Parameters<typeof import('./s3.ts').createStorage>[0],
): Promise<FileStorage> {
  if (!config.S3_BUCKET) return new LocalDiskStorage(path.join(config.dataDir, 'files'));
  const { createStorage } = await import('./s3.ts');
  return createStorage(config);
}
