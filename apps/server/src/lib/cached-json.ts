import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { cacheUseOf, type ReadCache } from './read-cache.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Below this an answer is sent as it is: compressing would save too little to matter. */
const COMPRESS_FROM_BYTES = 1024;

/** From this size a kept answer is compressed at brotli quality 1 instead of 5. */
const LARGE_ANSWER_BYTES = 256 * 1024;

/**
 * Quality 5: most of brotli's gain at a small part of quality 11's time. A
 * large answer at quality 1, which its first load after a write waits for:
 * the 1,000-student gradebook's 2.8 MB in 7 ms instead of 17 at quality 3
 * (378 KB instead of 368), the submissions view's 8.3 MB in 17 ms instead
 * of 41 (816 KB instead of 791) (bench/README.md).
 */
function brotliQuality(bytes: number): number {
  return bytes >= LARGE_ANSWER_BYTES ? 1 : 5;
}

/**
 * Below this an answer is compressed on the event loop: zlib's asynchronous
 * form costs more than the compression itself for a small answer (its
 * stream, its hops to the threadpool and back). Measured on one core, µs of
 * CPU per answer, brotli quality 5, synchronous against asynchronous: 5 KB
 * 93 against 232, 42 KB 142 against 329, 168 KB 250 against 391; the
 * event loop is held about as long either way up to 42 KB (93–136 µs
 * against 45–83), while a large answer at once would hold it for
 * milliseconds (bench/README.md).
 */
const COMPRESS_ON_LOOP_BELOW_BYTES = 64 * 1024;

function compress(identity: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const brotliOptions = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(identity.byteLength),
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
    },
  };
  if (identity.byteLength >= COMPRESS_ON_LOOP_BELOW_BYTES)
    return encoding === 'gzip' ? gzip(identity, { level: 6 }) : brotli(identity, brotliOptions);
  try {
    return Promise.resolve(
      encoding === 'gzip'
        ? zlib.gzipSync(identity, { level: 6 })
        : zlib.brotliCompressSync(identity, brotliOptions),
    );
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * One answer's JSON bytes, and the same bytes compressed, each encoding made
 * the first time a client asks for it and then kept with the answer: a kept
 * answer is compressed once per encoding, and one loaded again after a write
 * (the read cache's misses, most answers in a busy term) only into the
 * encoding its asker wants.
 */
export class CachedJson {
  readonly #encoded = new Map<'br' | 'gzip', Promise<Buffer>>();
  #etag: string | undefined;

  /** `digest`: what the ETag is made from when not `identity`'s own SHA-256 (PrebuiltJson). */
  constructor(
    readonly identity: Buffer,
    digest?: string,
  ) {
    if (digest !== undefined) this.#etag = etagOf(digest);
  }

  /**
   * A weak validator of the JSON (the same answer in any encoding): a digest
   * of its bytes, made on first use and kept with the answer.
   */
  get etag(): string {
    this.#etag ??= etagOf(createHash('sha256').update(this.identity).digest('base64url'));
    return this.#etag;
  }

  /** Whether compressing is worth it: not below COMPRESS_FROM_BYTES. */
  get compressible(): boolean {
    return this.identity.byteLength >= COMPRESS_FROM_BYTES;
  }

  /** The bytes in `encoding`, compressed on first use (concurrent first uses share one). */
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer> {
    let bytes = this.#encoded.get(encoding);
    if (bytes === undefined) {
      bytes = compress(this.identity, encoding);
      this.#encoded.set(encoding, bytes);
      // A failed compression is not kept: the next request tries again.
      bytes.catch(() => this.#encoded.delete(encoding));
    }
    return bytes;
  }

  /**
   * What the read cache counts against its budget, fixed when the answer is
   * kept: the JSON, and a quarter as much again for the two compressed forms
   * it may gain later (our answers compress to an eighth or less with either:
   * the 1,000-student gradebook's 2.8 MB to 368 KB of brotli, 349 KB of gzip).
   */
  get byteLength(): number {
    return (
      this.identity.byteLength + (this.compressible ? Math.ceil(this.identity.byteLength / 4) : 0)
    );
  }
}

function etagOf(digest: string): string {
  return `W/"${digest.slice(0, 27)}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison) or is `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

// No negotiation cache: its Map would grow with every distinct header a client makes up.
const encodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] });

/**
 * Sends `json` in the encoding the client prefers among br, gzip and none,
 * or 304 when the client's If-None-Match names its ETag. `X-Cache` says whether the read cache answered before the handler ran
 * (`hit`) or the handler loaded it (`miss`): what the term benchmark counts.
 */
export async function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: CachedJson,
  cache: 'hit' | 'miss' = 'miss',
): Promise<FastifyReply> {
  reply
    .type('application/json; charset=utf-8')
    .header('vary', 'Accept-Encoding')
    .header('x-cache', cache)
    .header('etag', json.etag);
  // A client that holds this very answer is told so, without it (RFC 9110, 13.1.2).
  if (matchesEtag(request.headers['if-none-match'], json.etag)) return reply.code(304).send();
  const accept = request.headers['accept-encoding'];
  const encoding =
    json.compressible && typeof accept === 'string' ? encodings.negotiate(accept) : null;
  if (encoding === 'br' || encoding === 'gzip') {
    const bytes = await json.encoded(encoding);
    return reply.header('content-encoding', encoding).send(bytes);
  }
  return reply.send(json.identity);
}

/**
 * A cached read: one route's answer kept in the read cache. Its declaration
 * is the one place that says what the answer depends on — `key`, everything
 * outside the database (the URL, the asker); `before` and `after`, what in
 * the database (tables, courses, people: lib/read-cache.ts, Depends) — and
 * read-cache-dependencies.test.ts checks it against the SQL the load runs.
 */
export interface CachedReadDeclaration<T> {
  /** Unique among cached reads; the start of every key. */
  name: string;
  key: (request: FastifyRequest) => string;
  before: (request: FastifyRequest) => readonly string[];
  after?: (value: T, request: FastifyRequest) => readonly string[];
}

/**
 * A part of an answer already checked and written as JSON, with its digest:
 * what an answer built from parts keeps of each part in the read cache (the
 * gradebook's student rows, the submissions view's students). `order`: what
 * the whole answer sorts its parts by, when they are sorted after loading.
 */
export class JsonPart {
  readonly digest: string;

  constructor(
    readonly bytes: Buffer,
    readonly order = '',
  ) {
    this.digest = createHash('sha256').update(bytes).digest('base64url');
  }

  /** What the read cache counts against its budget (lib/read-cache.ts sizeOf). */
  get byteLength(): number {
    return this.bytes.byteLength + 64;
  }
}

/**
 * An answer its load assembled from JSON parts (JsonPart), each checked
 * against its schema as it was built: sent as it is, with an ETag made from
 * the parts' digests (no digest of the whole answer's bytes). A declaration
 * with `after` cannot use it (there is no value to find names in).
 */
export class PrebuiltJson {
  readonly bytes: Buffer;
  readonly digest: string;

  /** `head`, the parts separated by commas, then `tail`. */
  constructor(head: string, parts: readonly JsonPart[], tail: string) {
    const comma = Buffer.from(',');
    const chunks: Buffer[] = [Buffer.from(head)];
    const digest = createHash('sha256').update(head);
    parts.forEach((part, i) => {
      if (i > 0) chunks.push(comma);
      chunks.push(part.bytes);
      digest.update(part.digest);
    });
    chunks.push(Buffer.from(tail));
    this.bytes = Buffer.concat(chunks);
    this.digest = digest.update(tail).digest('base64url');
  }
}

/** A declared read's answer: its JSON, and the names its value added (Depends.after). */
class CachedAnswer extends CachedJson {
  after: readonly string[] = [];
}

/** Every cached read's name, as the routes declare them: the structural test walks them all. */
export const declaredCachedReads = new Set<string>();

export interface CachedRead<T> {
  /** An onRequest or preHandler hook (after any that authenticate) answering from the cache. */
  answerFromCache: onRequestAsyncHookHandler;
  /**
   * The handler's answer: `load()`'s value checked against the route's
   * response `schema`, serialized and compressed once, and sent as those
   * bytes until something it depends on is written (Fastify passes bytes
   * through without its serializer).
   */
  send<S extends z.ZodType<T>>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: S,
    load: () => Promise<z.input<S> | PrebuiltJson>,
  ): Promise<FastifyReply>;
}

/** Declares a cached read (see CachedReadDeclaration): its hook and its handler's send. */
export function cachedRead<T>(
  cache: ReadCache,
  declaration: CachedReadDeclaration<T>,
): CachedRead<T> {
  declaredCachedReads.add(declaration.name);
  const key = (request: FastifyRequest) => `${declaration.name}:${declaration.key(request)}`;
  return {
    answerFromCache: answerFromCache(cache, key),
    async send(request, reply, schema, load) {
      const json = await cache.get(
        key(request),
        { before: declaration.before(request), after: (answer) => answer.after },
        async () => {
          const loaded = await load();
          if (loaded instanceof PrebuiltJson) {
            if (declaration.after !== undefined)
              throw new TypeError(`${declaration.name}: a prebuilt answer has no value for after`);
            return new CachedAnswer(loaded.bytes, loaded.digest);
          }
          const value = schema.parse(loaded) as T;
          const answer = new CachedAnswer(Buffer.from(JSON.stringify(value)));
          answer.after = declaration.after?.(value, request) ?? [];
          return answer;
        },
        undefined,
        cacheUseOf(request, cache),
      );
      return sendJson(request, reply, json);
    },
  };
}

/**
 * An onRequest hook answering from the read cache when the answer under
 * `key(request)` is kept: the request then skips validation and the handler,
 * which keep their answer under the same key. A key holds the whole URL, so
 * a kept answer is one that passed validation for exactly this request.
 */
function answerFromCache(
  cache: ReadCache,
  key: (request: FastifyRequest) => string,
): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const use = cacheUseOf(request, cache);
    const json = await cache.peek<CachedJson>(key(request), use);
    if (json === undefined) return;
    use.answered = true;
    return await sendJson(request, reply, json, 'hit');
  };
}
