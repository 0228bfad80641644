import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LANGUAGE, setLanguageSource, translateText, type Language } from '@urok/contract';
// The English catalog: the server speaks either language from its start.
import '@urok/contract/locales/en';

/**
 * The language the server is speaking at this moment (DESIGN section 16): a
 * request's (plugins/language.ts opens a context per request: the signed-in
 * user's `language`, else Accept-Language), or the one a job speaks for its
 * recipient (`speaking`: a mail, a notification, a calendar feed). The
 * contract's messages read it from here, so a service that throws
 * `messages.courseNotFound` throws it in the asker's language without
 * knowing of languages.
 */
const contexts = new AsyncLocalStorage<{ language: Language }>();
setLanguageSource(() => contexts.getStore()?.language ?? DEFAULT_LANGUAGE);

/** Runs `work` (and everything it awaits) in a context of its own that speaks `language`. */
export function speaking<T>(language: Language, work: () => T): T {
  return contexts.run({ language }, work);
}

/** From now on, the current context speaks `language` (a request once its user is known). */
export function speakFromNow(language: Language): void {
  const context = contexts.getStore();
  if (context) context.language = language;
}

/** The language of the current context. */
export function spokenLanguage(): Language {
  return contexts.getStore()?.language ?? DEFAULT_LANGUAGE;
}

/**
 * A text made before the language was known (a schema's message, a table
 * built at start) is Ukrainian: in the current language when the catalog knows it.
 */
export function inSpokenLanguage(text: string): string {
  return translateText(text);
}
