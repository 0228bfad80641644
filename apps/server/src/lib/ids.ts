import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * A UUID version 7 (RFC 9562): 48 bits of milliseconds, then a 12-bit
 * sequence that increases within one millisecond, then random bits. Ids made
 * by this process sort in the order they were made, so lists ordered by
 * (timestamp, id) keep the order of creation even within one millisecond.
 */
export function createTimeOrderedId(now: number = Date.now()): string {
  let ms = Math.max(now, lastMs);
  if (ms === lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      // 4096 ids in one millisecond: borrow the next one, still in order.
      ms += 1;
      sequence = 0;
    }
  } else {
    // A random start within the lower half leaves room to count up.
    sequence = randomBytes(2).readUInt16BE(0) & 0x7ff;
  }
  lastMs = ms;

  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A storage object name: 128 random bits, URL-safe. */
export function createStorageName(): string {
  return randomBytes(16).toString('base64url');
}
