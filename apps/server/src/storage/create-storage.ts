import type { Config } from '../config.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import type { Storage } from './storage.ts';

/** The storage STORAGE_URL names: the local disk under $DATA_DIR/uploads, or an S3-compatible bucket. */
export async function createStorage(
  config: Pick<Config, 'storage' | 'uploadsDir'>,
): Promise<Storage> {
  if (config.storage.kind === 'disk') return new LocalDiskStorage(config.uploadsDir);
  // Loaded only when configured: the AWS SDK is not part of every start-up.
  const { S3Storage } = await import('./s3-storage.ts');
  return new S3Storage(config.storage);
}
