import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with the OWASP minimum:
 * 19 MiB, 2 passes, 1 lane — about 10 ms a hash here.
 */
const ARGON2_OPTIONS: Options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash, so that an unknown telephone costs the
 * same time as a wrong password and the answer time does not reveal which
 * numbers have accounts.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('Urok dummy password, never a real one');
  await verifyPassword(await dummyHash, password);
}
