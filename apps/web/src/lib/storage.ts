import { STORAGE_KEYS } from '@urok/contract';

/**
 * Local storage access that never throws: storage can be disabled (private
 * modes, strict cookie settings), and the app must still run without it.
 */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStoredItem(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // Full or disabled storage: the value lives for this page only.
  }
}

export function readStoredToken(): string | null {
  return readStoredItem(STORAGE_KEYS.token);
}

export function storeToken(token: string): void {
  writeStoredItem(STORAGE_KEYS.token, token);
}

export function clearStoredToken(): void {
  writeStoredItem(STORAGE_KEYS.token, null);
}

/** A stored boolean flag ('true' / 'false'), `fallback` when absent. */
export function readStoredFlag(key: string, fallback: boolean): boolean {
  const value = readStoredItem(key);
  return value === null ? fallback : value === 'true';
}

export function storeFlag(key: string, value: boolean): void {
  writeStoredItem(key, String(value));
}
