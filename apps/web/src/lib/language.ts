import { useSyncExternalStore } from 'react';
import {
  isLanguage,
  preferredLanguage,
  setLanguageSource,
  signInMessages,
  STORAGE_KEYS,
  type Language,
} from '@urok/contract';
import { readStoredItem, writeStoredItem } from './storage';

/**
 * The language the app speaks (DESIGN section 16). Signed out: the one chosen
 * on this device, else the browser's first of Ukrainian and English, else
 * Ukrainian. Signed in: the account's (app/language-sync.tsx). The contract's
 * messages read it from here; a change re-renders the whole app
 * (app/app.tsx). English's catalog is a chunk of its own, loaded only when
 * English is first spoken, so a Ukrainian page never downloads it.
 */
function initialLanguage(): Language {
  const chosen = readStoredItem(STORAGE_KEYS.language);
  if (isLanguage(chosen)) return chosen;
  if (typeof navigator === 'undefined') return 'uk';
  return preferredLanguage(
    navigator.languages?.length ? navigator.languages : [navigator.language],
  );
}

let language: Language = initialLanguage();
const listeners = new Set<() => void>();
setLanguageSource(() => language);

function loadCatalog(next: Language): Promise<unknown> {
  return next === 'en' ? import('@urok/contract/locales/en') : Promise.resolve();
}

export function currentLanguage(): Language {
  return language;
}

/**
 * Speaks `next` from now on: its catalog loads first, then `<html lang>` and
 * every page follow; `remember` keeps it on this device.
 */
export async function changeLanguage(next: Language, remember = true): Promise<void> {
  await loadCatalog(next);
  if (remember) writeStoredItem(STORAGE_KEYS.language, next);
  document.documentElement.lang = next;
  if (next === language) return;
  language = next;
  for (const listener of listeners) listener();
}

/**
 * A choice on a page a signed-out visitor sees: kept on this device and
 * marked for the account, which takes it at the next sign-in.
 */
export async function chooseLanguageSignedOut(next: Language): Promise<void> {
  await changeLanguage(next);
  writeStoredItem(STORAGE_KEYS.languageForAccount, next);
}

/** The signed-out choice the next account to sign in should take, once. */
export function takeLanguageForAccount(): Language | null {
  const chosen = readStoredItem(STORAGE_KEYS.languageForAccount);
  writeStoredItem(STORAGE_KEYS.languageForAccount, null);
  return isLanguage(chosen) ? chosen : null;
}

/** Before the first render: the start language's catalog (nothing for Ukrainian). */
export async function prepareLanguage(): Promise<void> {
  document.documentElement.lang = language;
  await loadCatalog(language);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active language; the component re-renders when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/** A language named in itself ('Українська', 'English'), the same in every language. */
export function languageName(language: Language): string {
  return language === 'en' ? signInMessages.languageNameEn : signInMessages.languageNameUk;
}

/** …and shortened, where a phone's header has little room ('Укр', 'Eng'). */
export function languageShortName(language: Language): string {
  return language === 'en' ? signInMessages.languageShortEn : signInMessages.languageShortUk;
}
