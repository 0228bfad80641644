/**
 * The lock of a resumable upload, shared by every process on the database:
 * @tus/server takes one around each HEAD, PATCH and DELETE (its own
 * MemoryLocker would hold it in one process only). The lock is a lease on
 * the upload's row, renewed while held; a request that waits marks the row,
 * and the holder, seeing the mark when it renews, lets go (tus's
 * `requestRelease`: a PATCH whose client went silent must not hold the
 * upload until its socket times out). A holder that died leaves a lease that
 * runs out within LEASE_MS.
 */
import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Db } from '../../db/database.ts';
import {
  askForUploadLock,
  releaseUploadLock,
  renewUploadLock,
  takeUploadLock,
} from './uploads.repository.ts';

/** How long a lock lasts without renewal. */
const LEASE_MS = 15_000;
/** How often the holder renews it (and looks whether another request waits). */
const RENEW_MS = 2_000;
/** How often a waiting request tries again. */
const RETRY_MS = 100;
/** How long a request waits before it gives up (tus answers 500; a client retries). */
const ACQUIRE_TIMEOUT_MS = 20_000;

export class UploadLocker implements Locker {
  /** `idOf`: the upload id (its row's) of a key in the tus store. */
  constructor(
    private readonly db: Db,
    private readonly idOf: (key: string) => string | undefined,
  ) {}

  /** The lock of the upload whose key in the tus store is `key`. */
  newLock(key: string): Lock {
    return new UploadLock(this.db, this.idOf(key) ?? key);
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

class UploadLock implements Lock {
  private readonly holder = randomUUID();
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const giveUpAt = Date.now() + ACQUIRE_TIMEOUT_MS;
    let asked = false;
    for (;;) {
      if (signal.aborted) throw ERRORS.ABORTED;
      const now = Date.now();
      const taken = await takeUploadLock(this.db, {
        id: this.id,
        holder: this.holder,
        until: new Date(now + LEASE_MS).toISOString(),
        now: new Date(now).toISOString(),
      });
      if (taken === 'missing') throw ERRORS.FILE_NOT_FOUND;
      if (taken === 'taken') break;
      if (now >= giveUpAt) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (!asked) {
        await askForUploadLock(this.db, this.id);
        asked = true;
      }
      await sleep(RETRY_MS, signal);
    }
    let releasing = false;
    this.renewal = setInterval(() => {
      void renewUploadLock(this.db, {
        id: this.id,
        holder: this.holder,
        until: new Date(Date.now() + LEASE_MS).toISOString(),
      })
        .then(async ({ held, wanted }) => {
          if ((wanted || !held) && !releasing) {
            releasing = true;
            await requestRelease();
          }
        })
        .catch(() => {});
    }, RENEW_MS);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    this.renewal = undefined;
    await releaseUploadLock(this.db, this.id, this.holder);
  }
}
