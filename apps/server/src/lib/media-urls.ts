/**
 * Signed media links: `<img>`, `<video>` and a download link cannot send the
 * bearer header, so a lesson's JSON carries, for the caller allowed to see it,
 * links of the form `/api/lessons/{id}/video?u=<user>&exp=<unix>&sig=<hmac>`.
 * The HMAC binds the kind of file, its id, the user and the expiry; the key is
 * one random row of the database (migration 0012), so every server process
 * signs and checks alike without configuration. A valid signature only names
 * the user: the route still checks that this user may see the file now, so a
 * link never outlives a revoked enrolment or a demotion (docs/decisions.md,
 * "signed media links").
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { API, LEARNING_API, API_BASE } from '@urok/contract';
import type { Db } from '../db/database.ts';
import { findSigningSecret } from '../db/signing-key.repository.ts';

/** How long a link works: a long lesson's video can still seek; the page asks anew on each visit. */
export const MEDIA_URL_TTL_SECONDS = 4 * 60 * 60;

/** A lesson's video, a lesson's attachment, or a homework submission's file (features/homework). */
export type MediaKind = 'video' | 'attachment' | 'homework';

const MEDIA_PATHS: Record<MediaKind, (id: string) => string> = {
  video: LEARNING_API.lessonVideo,
  attachment: LEARNING_API.attachmentFile,
  homework: API.homeworkFile,
};

/** The query of a signed link, as the route's schema parses it (`exp` as sent, or a number). */
export interface MediaSignature {
  u: string;
  exp: number | string;
  sig: string;
}

/** An expiry as this signer writes it: Unix seconds, digits only, no leading zero. */
const CANONICAL_EXPIRY = /^[1-9]\d{0,14}$/;

/**
 * HMAC-SHA-256 with the database's signing secret: media links here and
 * mail's unsubscribe links (features/notifications/mail-queue.ts) each sign a message of their
 * own shape, whose first line names what it is for.
 */
export class SigningKey {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(secret, 'utf8');
  }

  /** The signature of `message`, base64url. */
  sign(message: string): string {
    return this.#mac(message).toString('base64url');
  }

  /**
   * Whether `signature` is this key's for `message`, written exactly as sign()
   * writes it (compared in constant time): base64url decoding would also take
   * padding, stray characters and other spellings of the same bytes, and a
   * link has one form only.
   */
  matches(message: string, signature: string): boolean {
    const given = Buffer.from(signature, 'utf8');
    const expected = Buffer.from(this.sign(message), 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  #mac(message: string): Buffer {
    return createHmac('sha256', this.#key).update(message).digest();
  }
}

const mediaMessage = (kind: MediaKind, id: string, userId: string, exp: number) =>
  `${kind}\n${id}\n${userId}\n${exp}`;

export class MediaSigner {
  readonly #key: SigningKey;

  constructor(secret: string) {
    this.#key = new SigningKey(secret);
  }

  /** The signed link to a file for `userId`, valid for MEDIA_URL_TTL_SECONDS from `now`. */
  url(kind: MediaKind, id: string, userId: string, now = Date.now()): string {
    const exp = Math.floor(now / 1000) + MEDIA_URL_TTL_SECONDS;
    const sig = this.#key.sign(mediaMessage(kind, id, userId, exp));
    const path = MEDIA_PATHS[kind](id);
    const query = new URLSearchParams({ u: userId, exp: String(exp), sig });
    return `${API_BASE}${path}?${query.toString()}`;
  }

  /** Whether the signature is this signer's for exactly this file and user, and not expired. */
  verify(kind: MediaKind, id: string, signature: MediaSignature, now = Date.now()): boolean {
    // One form of a link only: '0001764000000' names the same second but is not what was signed.
    const expText = String(signature.exp);
    if (!CANONICAL_EXPIRY.test(expText)) return false;
    const exp = Number(expText);
    if (!Number.isSafeInteger(exp) || exp * 1000 <= now) return false;
    return this.#key.matches(mediaMessage(kind, id, signature.u, exp), signature.sig);
  }
}

/**
 * The database's signing secret (migration 0012), which media links and
 * mail's unsubscribe links (features/notifications/mail-queue.ts) are signed with, each over a
 * message of its own shape.
 */
export async function loadSigningSecret(db: Db): Promise<string> {
  const secret = await findSigningSecret(db);
  if (secret === undefined)
    throw new Error('The media signing key is missing: run the database migrations.');
  return secret;
}

/** The signer of this database's key (read once when the app is built). */
export async function loadMediaSigner(db: Db): Promise<MediaSigner> {
  return new MediaSigner(await loadSigningSecret(db));
}
