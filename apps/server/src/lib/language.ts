import { DEFAULT_LANGUAGE, setLanguageSource, translateText, type Language } from '@urok/contract';
// The English catalog: the server speaks either language from its start.
import '@urok/contract/locales/en';

/**
 * The language the server is speaking at this moment (DESIGN section 16).
 * The contract's messages read it from here. It is Ukrainian except inside
 * `speaking`, which switches it for a piece of synchronous work: nothing else
 * runs before that work returns, so no other request can read it. A request's
 * language travels on the request (`request.language`, plugins/language.ts)
 * and is applied where its answer is worded: the error handler, a route's
 * success message, an export's headers (docs/decisions.md "The asker's
 * language travels on the request").
 */
let current: Language = DEFAULT_LANGUAGE;
setLanguageSource(() => current);

/**
 * Runs `work`, which must be synchronous, speaking `language`: every message it
 * reads of the contract is in that language. A promise returned would run on
 * in whatever language is spoken when it resumes, so it is refused.
 */
export function speaking<T>(language: Language, work: () => T): T {
  const before = current;
  current = language;
  try {
    const result = work();
    if (typeof (result as { then?: unknown } | null)?.then === 'function')
      throw new Error('speaking() words synchronous work only: an awaited part would lose it');
    return result;
  } finally {
    current = before;
  }
}

/** The language of the current `speaking` (Ukrainian outside one). */
export function spokenLanguage(): Language {
  return current;
}

/**
 * A message with values, worded when its answer is sent: a service that throws
 * "a quota of 20 files" does not know the asker's language, so it hands the
 * error handler this instead of a text (`later(() => messages.quotaUserFiles(20))`).
 */
export class Wording {
  constructor(readonly word: () => string) {}
  /** In the current language (Ukrainian outside `speaking`: a log line, an Error's message). */
  toString(): string {
    return this.word();
  }
}

export function later(word: () => string): Wording {
  return new Wording(word);
}

/** What a service may hand the edge as a user-facing text: one of the catalog's, or a wording. */
export type Text = string | Wording;

/**
 * A text as `language` says it: a wording is worded in it; a Ukrainian text of
 * the catalog (a schema's message, a table built at start, a message a
 * service read) is translated when the catalog holds it; anything else is
 * unchanged.
 */
export function inLanguage(language: Language, text: Text): string {
  return typeof text === 'string'
    ? translateText(text, language)
    : speaking(language, () => text.word());
}
