import { pbkdf2 } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTusStore } from '../src/features/uploads/tus-store.ts';

describe('the resumable uploads store on disk', () => {
  it('makes its directory when first used and never again later, so a data directory removed after it stays removed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-tus-'));
    const store = await createTusStore({ storage: { kind: 'disk' }, dataDir }, 60_000);
    // Every thread of libuv's pool busy for a while: a file system call the store started now
    // would run only after them, when the directory is gone.
    const busy = Array.from({ length: 16 }, () =>
      promisify(pbkdf2)('password', 'salt', 200_000, 32, 'sha256'),
    );
    expect(store.datastore).toBeDefined();
    expect(fs.existsSync(path.join(dataDir, 'tus-uploads'))).toBe(true);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await Promise.all(busy);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
