import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { StorageConfig } from '../src/config.ts';

/** A running s3rver on loopback, its files in a temporary directory. */
export interface S3TestServer {
  endpoint: string;
  /** A new, empty bucket, as the STORAGE_URL settings of a server using it. */
  createBucket(prefix?: string): Promise<Extract<StorageConfig, { kind: 's3' }>>;
  /** The directory s3rver keeps its buckets in (to look at what a refused write left). */
  directory: string;
  close(): Promise<void>;
}

// s3rver's built-in account; the SDK reads them from the environment as in production.
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
}

const xml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * s3rver implements multipart uploads but answers NotImplemented to listing
 * them and to aborting one, and MethodNotAllowed to listing an upload's
 * parts. These three operations, over s3rver's own
 * on-disk layout (`<bucket>/._S3rver_uploads/<uploadId>/key`), complete the
 * protocol the storage's sweep of unfinished writes, the SDK's abort and
 * @tus/s3-store (an upload's offset) use.
 */
function multipartManagement(directory: string) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const [, bucket = '', ...keyParts] = ctx.path
      .split('/')
      .filter((part, i) => i === 0 || part !== '');
    const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');
    if (ctx.method === 'GET' && keyParts.length === 0 && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const uploads = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : [];
      const entries = uploads.flatMap((uploadId) => {
        const keyFile = path.join(uploadsDir, uploadId, 'key');
        if (!fs.existsSync(keyFile)) return [];
        const key = fs.readFileSync(keyFile, 'utf8');
        if (!key.startsWith(prefix)) return [];
        const initiated = fs.statSync(keyFile).mtime.toISOString();
        return [
          `<Upload><Key>${xml(key)}</Key><UploadId>${uploadId}</UploadId><Initiated>${initiated}</Initiated></Upload>`,
        ];
      });
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        `<ListMultipartUploadsResult><Bucket>${xml(bucket)}</Bucket><IsTruncated>false</IsTruncated>${entries.join('')}</ListMultipartUploadsResult>`;
      return;
    }
    if (ctx.method === 'GET' && keyParts.length > 0 && typeof ctx.query.uploadId === 'string') {
      // ListParts, which @tus/s3-store asks for an upload's offset.
      const uploadDir = path.join(uploadsDir, path.basename(ctx.query.uploadId));
      ctx.type = 'application/xml';
      if (!fs.existsSync(uploadDir)) {
        ctx.status = 404;
        ctx.body =
          '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
        return;
      }
      const parts = fs
        .readdirSync(uploadDir)
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => a - b)
        .map((number) => {
          const file = path.join(uploadDir, String(number));
          const stats = fs.statSync(file);
          const md5 = fs.readFileSync(`${file}.md5`, 'utf8');
          return `<Part><PartNumber>${number}</PartNumber><LastModified>${stats.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stats.size}</Size></Part>`;
        });
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        `<ListPartsResult><Bucket>${xml(bucket)}</Bucket><Key>${xml(keyParts.join('/'))}</Key><UploadId>${xml(ctx.query.uploadId)}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
      return;
    }
    if (ctx.method === 'DELETE' && keyParts.length > 0 && typeof ctx.query.uploadId === 'string') {
      const uploadDir = path.join(uploadsDir, path.basename(ctx.query.uploadId));
      if (!fs.existsSync(uploadDir)) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body =
          '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
        return;
      }
      fs.rmSync(uploadDir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    await next();
  };
}

/**
 * Starts s3rver on 127.0.0.1 with a port of its own choosing; `stock: true`
 * leaves out the two multipart operations above, as a store without them is.
 */
export async function startS3Server(options: { stock?: boolean } = {}): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  // Before s3rver's own router, which would refuse these two requests.
  if (!options.stock)
    (server as unknown as { middleware: unknown[] }).middleware.unshift(
      multipartManagement(directory),
    );
  const address = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  const admin = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true });
  return {
    endpoint,
    directory,
    async createBucket(prefix = '') {
      const bucket = `urok-${randomUUID().slice(0, 18)}`;
      await admin.send(new CreateBucketCommand({ Bucket: bucket }));
      return { kind: 's3', bucket, prefix, endpoint, region: 'us-east-1', forcePathStyle: true };
    },
    async close() {
      admin.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
