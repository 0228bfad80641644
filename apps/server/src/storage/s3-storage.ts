import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  isValidStorageKey,
  StorageFailure,
  StorageUnsupported,
  StorageNotFoundError,
  type ByteRange,
  type Storage,
  type StorageArea,
} from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** Prepended to every key (`urok/` for `s3://bucket/urok`); empty for the bucket's root. */
  prefix: string;
  /** A non-AWS store (MinIO, R2, Ceph); undefined for AWS S3. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
}

/**
 * S3's smallest part (but the last): what one upload holds in memory. A
 * file smaller than this is one PUT; a larger one a multipart upload.
 */
export const PART_SIZE = 5 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/** `length` bytes of `source` after the first `skip`; the rest of it is not read. */
async function* slice(source: Readable, skip: number, length: number): AsyncGenerator<Buffer> {
  let left = length;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const part = chunk.subarray(
        Math.min(skip, chunk.length),
        Math.min(skip, chunk.length) + left,
      );
      skip = Math.max(0, skip - chunk.length);
      if (part.length > 0) {
        left -= part.length;
        yield part;
      }
      if (left === 0) return;
    }
  } finally {
    source.destroy();
  }
}

/** A failure of the store itself: a server error, never the client's fault (lib/uploads.ts). */
/** The store answered 501 NotImplemented: it does not offer the operation at all. */
function isNotImplemented(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NotImplemented' || e?.$metadata?.httpStatusCode === 501;
}

function storeFailure(error: unknown): StorageFailure {
  const message = error instanceof Error ? error.message : String(error);
  return new StorageFailure(`object store: ${message}`, { cause: error });
}

/**
 * Objects in an S3-compatible store (AWS S3, MinIO, R2, Ceph), under the
 * same `<area>/<name>` keys as on disk. A write is streamed part by part
 * (a multipart upload; one PUT when smaller than a part): the object
 * appears only when the upload is completed, and a write that fails (a
 * refused upload) aborts it, so nothing is left under its key. Credentials come from the SDK's own chain
 * (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a profile or an instance role).
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      // Other stores do not all accept the SDK's default CRC checksums (trailers, checksummed
      // multipart): with an endpoint, send them only where S3 requires them (docs/decisions.md).
      ...(options.endpoint
        ? {
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
    });
  }

  private objectKey(key: string): string {
    if (!isValidStorageKey(key)) throw new StorageNotFoundError('invalid key');
    return this.prefix + key;
  }

  /** The storage key of an object key of ours, or undefined for anything else in the bucket. */
  private storageKey(objectKey: string | undefined): string | undefined {
    if (!objectKey?.startsWith(this.prefix)) return undefined;
    const key = objectKey.slice(this.prefix.length);
    return isValidStorageKey(key) ? key : undefined;
  }

  /** One S3 call; the store's failures become StorageFailure, apart from the source's own errors. */
  private async call<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw storeFailure(error);
    }
  }

  async write(key: string, source: Readable): Promise<{ size: number }> {
    const Key = this.objectKey(key);
    const Bucket = this.bucket;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const sendPart = async (Body: Buffer) => {
      uploadId ??= (
        await this.call(() => this.client.send(new CreateMultipartUploadCommand({ Bucket, Key })))
      ).UploadId;
      const PartNumber = parts.length + 1;
      const { ETag } = await this.call(() =>
        this.client.send(
          new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body }),
        ),
      );
      parts.push({ ETag, PartNumber });
    };
    let size = 0;
    // One part at a time, copied into one buffer: an upload holds at most PART_SIZE in memory.
    let part = Buffer.allocUnsafe(PART_SIZE);
    let filled = 0;
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        size += chunk.length;
        for (let at = 0; at < chunk.length;) {
          const copied = chunk.copy(part, filled, at);
          filled += copied;
          at += copied;
          if (filled === PART_SIZE) {
            await sendPart(part);
            part = Buffer.allocUnsafe(PART_SIZE);
            filled = 0;
          }
        }
      }
      if (uploadId === undefined) {
        // Smaller than one part: one PUT, which S3 applies whole or not at all.
        const Body = part.subarray(0, filled);
        await this.call(() => this.client.send(new PutObjectCommand({ Bucket, Key, Body })));
      } else {
        if (filled > 0) await sendPart(part.subarray(0, filled));
        await this.call(() =>
          this.client.send(
            new CompleteMultipartUploadCommand({
              Bucket,
              Key,
              UploadId: uploadId,
              MultipartUpload: { Parts: parts },
            }),
          ),
        );
      }
    } catch (error) {
      // A refused upload (the source failed: too large) or a failed store: the object never
      // appears, and its parts go now; if this abort fails too, the sweep of unfinished writes
      // removes them later. The error is rethrown as it came (a refusal stays a 413).
      if (uploadId !== undefined) {
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
          .catch(() => {});
      }
      throw error;
    }
    return { size };
  }

  async read(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number }> {
    const Key = this.objectKey(key);
    let answer;
    try {
      answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(key);
      throw storeFailure(error);
    }
    const body = answer.Body as Readable;
    // `bytes 0-9/1234`: what was sent, and after the slash the whole object's size.
    const sent = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
    const size = sent ? Number(sent[3]) : (answer.ContentLength ?? 0);
    if (!range) return { stream: body, size };
    const from = sent ? Number(sent[1]) : 0;
    const to = sent ? Number(sent[2]) : size - 1;
    if (from === range.start && to === range.end) return { stream: body, size };
    // A store that sent more than was asked (some answer `bytes=0-0` with the whole object):
    // cut the asked bytes out of it rather than send a response longer than its Content-Length.
    if (from > range.start || to < range.end) {
      body.destroy();
      throw new StorageFailure(
        `object store: asked for bytes ${range.start}-${range.end}, sent ${from}-${to}`,
      );
    }
    return {
      stream: Readable.from(slice(body, range.start - from, range.end - range.start + 1)),
      size,
    };
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
    } catch (error) {
      if (!isMissing(error)) throw storeFailure(error);
    }
  }

  async modifiedAt(key: string): Promise<Date | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return head.LastModified;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw storeFailure(error);
    }
  }

  /**
   * Multipart uploads of our keys started before `before` and never
   * completed or aborted (a process that stopped mid-upload): S3 keeps
   * their parts, and bills them, until they are aborted.
   */
  async removeUnfinishedWrites(before: Date): Promise<number> {
    const stale: { Key: string; UploadId: string }[] = [];
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    try {
      for (;;) {
        const page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            Prefix: this.prefix || undefined,
            KeyMarker,
            UploadIdMarker,
          }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !this.storageKey(upload.Key)) continue;
          if (upload.Initiated && upload.Initiated > before) continue;
          stale.push({ Key: upload.Key, UploadId: upload.UploadId });
        }
        if (!page.IsTruncated) break;
        KeyMarker = page.NextKeyMarker;
        UploadIdMarker = page.NextUploadIdMarker;
      }
      for (const upload of stale) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, ...upload }));
      }
    } catch (error) {
      if (isNotImplemented(error))
        throw new StorageUnsupported(
          `object store: listing unfinished multipart uploads is not implemented by this store`,
          { cause: error },
        );
      throw storeFailure(error);
    }
    return stale.length;
  }

  async *list(area: StorageArea): AsyncIterable<string> {
    let ContinuationToken: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: `${this.prefix}${area}/`,
            ContinuationToken,
          }),
        );
      } catch (error) {
        throw storeFailure(error);
      }
      for (const object of page.Contents ?? []) {
        const key = this.storageKey(object.Key);
        if (key) yield key;
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  close(): void {
    this.client.destroy();
  }
}
