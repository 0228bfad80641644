/**
 * Where the bytes of unfinished resumable uploads live: @tus/file-store under
 * $DATA_DIR/tus-uploads with files on disk, @tus/s3-store in the same bucket
 * (under `<prefix>tus/`) with STORAGE_URL=s3://…. Both keep an upload's state
 * in the store itself (the file and its .json, or the multipart upload and
 * its .info object), so any process on the same disk or bucket continues it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { DataStore, KvStore } from '@tus/server';
import type { S3 } from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';

export interface TusStore {
  datastore: DataStore;
  /** The store's key of an upload id (the last part of its URL). */
  keyOf(id: string): string;
  /** The upload id of a store key; undefined for a key that is not one of ours. */
  idOf(key: string): string | undefined;
  /** The bytes of a complete upload. */
  read(id: string): Promise<Readable>;
  /** Removes an upload's bytes; one already gone is not an error. */
  remove(id: string): Promise<void>;
  /** Releases the object store's connections; the disk has none. */
  close(): void;
}

/**
 * S3Store's metadata cache, kept nowhere: each request reads the .info object, so a process
 * never answers from what it remembered of an upload another process has changed or removed.
 */
class NoCache<T> implements KvStore<T> {
  async get(): Promise<T | undefined> {
    return undefined;
  }
  async set(): Promise<void> {}
  async delete(): Promise<void> {}
  async list(): Promise<string[]> {
    return [];
  }
}

/**
 * FileStore without the directory check its constructor starts: an unawaited
 * fs.mkdir (the library's own TODO says it should not be there), which can
 * run on the threadpool after the server has closed and make the directory
 * again inside a data directory being removed. `files()` below makes the
 * directory first, synchronously, so the check has nothing to do.
 */
class FileStoreInMadeDirectory extends FileStore {}
Object.defineProperty(FileStoreInMadeDirectory.prototype, 'checkOrCreateDirectory', {
  value: () => {},
});

export async function createTusStore(
  config: Pick<Config, 'storage' | 'dataDir'>,
  expiryMs: number,
): Promise<TusStore> {
  let datastore: () => DataStore;
  let readKey: (key: string) => Promise<Readable>;
  let prefix = '';
  let close = () => {};
  let removeObjects = async (_key: string) => {};
  if (config.storage.kind === 'disk') {
    const directory = path.join(config.dataDir, 'tus-uploads');
    let fileStore: FileStore | undefined;
    // Made at the first upload, its directory first (FileStoreInMadeDirectory): a server started
    // and stopped at once, as the API tests do, makes no directory.
    const files = () => {
      if (!fileStore) {
        fs.mkdirSync(directory, { recursive: true });
        fileStore = new FileStoreInMadeDirectory({
          directory,
          expirationPeriodInMilliseconds: expiryMs,
        });
      }
      return fileStore;
    };
    datastore = files;
    readKey = async (key) => files().read(key);
  } else {
    // Loaded only when configured, as the storage's own S3 client is.
    const { S3Store } = await import('@tus/s3-store');
    const s3 = config.storage;
    prefix = `${s3.prefix}tus/`;
    const s3Store = new S3Store({
      s3ClientConfig: {
        bucket: s3.bucket,
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: s3.forcePathStyle,
        // As the storage's client (storage/s3-storage.ts): other stores take checksums only where required.
        ...(s3.endpoint
          ? {
              requestChecksumCalculation: 'WHEN_REQUIRED' as const,
              responseChecksumValidation: 'WHEN_REQUIRED' as const,
            }
          : {}),
      },
      // Expiry is the uploads' own (their rows' expires_at, swept under a job lease), not tags.
      useTags: false,
      expirationPeriodInMilliseconds: expiryMs,
      cache: new NoCache(),
    });
    datastore = () => s3Store;
    readKey = async (key) => (await s3Store.read(key)) as Readable;
    const client = (s3Store as unknown as { client: S3 }).client;
    close = () => client.destroy();
    // S3Store.remove aborts the multipart upload first and stops when there is none, as after
    // the upload completed: the object it became and its .info would stay. They go here.
    removeObjects = async (key) => {
      await client.deleteObjects({
        Bucket: s3.bucket,
        Delete: { Objects: [{ Key: key }, { Key: `${key}.info` }, { Key: `${key}.part` }] },
      });
    };
  }
  const keyOf = (id: string) => `${prefix}${id}`;
  return {
    get datastore() {
      return datastore();
    },
    keyOf,
    close,
    idOf: (key) => (key.startsWith(prefix) ? key.slice(prefix.length) : undefined),
    read: (id) => readKey(keyOf(id)),
    remove: async (id) => {
      try {
        await datastore().remove(keyOf(id));
      } catch (error) {
        // @tus's FILE_NOT_FOUND: an object with its status code, not an Error.
        if ((error as { status_code?: number } | null)?.status_code !== 404) throw error;
      }
      await removeObjects(keyOf(id));
    },
  };
}
