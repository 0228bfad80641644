import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

/**
 * The catalog (DESIGN section 16, docs/decisions.md "Languages"). Every message
 * module of this package is written in Ukrainian — the specification's words,
 * unchanged — and declared with `defineMessages(namespace, …)`; that module is
 * the Ukrainian catalog. A language's translations are modules of the same
 * shape under `locales/`, registered with `addTranslations` when that
 * language is first used, so a Ukrainian page never loads English.
 *
 * What a module exports is a view: reading `signInMessages.loginFailed` gives
 * the active language's text. Which language is active is asked of one
 * function, set by the side that runs: the web app's chosen language, the
 * server's request (its user's `language`, else Accept-Language). So the
 * thousand places that read a message need no change to speak English.
 *
 * A message with values is an ICU MessageFormat text, `icu('{count, plural,
 * one {# файл} few {# файли} many {# файлів} other {# файлу}}', 'count')`,
 * formatted by Lingui's runtime with the active language's plural rules and
 * number format. The web build compiles these texts ahead (the Vite plugin in
 * apps/web/vite.config.ts), so no ICU parser ships; the server and the tests
 * compile them on first use (`setMessageCompiler`).
 */

let active: () => Language = () => DEFAULT_LANGUAGE;

/** Sets where the active language comes from (the web app's state, the server's request). */
export function setLanguageSource(source: () => Language): void {
  active = source;
}

export function currentLanguage(): Language {
  return active();
}

type Compiler = (message: string) => CompiledMessage;
let compiler: Compiler | undefined;

/** Lets ICU texts be compiled at run time (the server, tests; never the built web app). */
export function setMessageCompiler(compile: Compiler): void {
  compiler = compile;
}

const runtimes = new Map<Language, I18n>();
function runtime(language: Language): I18n {
  let i18n = runtimes.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: {} as Messages } });
    runtimes.set(language, i18n);
  }
  return i18n;
}

/** An ICU message with values: called with its values in the order of its parameter names. */
export interface IcuMessage<A extends unknown[] = never[]> {
  (...values: A): string;
  /** The ICU text (or, in a built web app, its compiled form). */
  readonly message: string | CompiledMessage;
  /** The names of its values, in call order. */
  readonly params: readonly string[];
}

/**
 * A message with values, written in ICU MessageFormat; `params` name the
 * function's arguments in order. Formatted in the active language.
 */
export function icu<A extends unknown[]>(
  message: string | CompiledMessage,
  ...params: string[]
): IcuMessage<A> {
  let compiled: CompiledMessage | undefined = typeof message === 'string' ? undefined : message;
  const format = (...values: A): string => {
    if (!compiled) {
      if (!compiler) throw new Error(`An ICU message was not compiled: ${String(message)}`);
      compiled = compiler(message as string);
    }
    const named: Record<string, unknown> = {};
    params.forEach((name, index) => (named[name] = values[index]));
    // Lingui decodes `\uXXXX` and `\xXX` in what it formats, values included: a value's
    // backslashes (a name, a title a person typed) travel as a character no text holds.
    const texts = Object.values(named).filter((value) => typeof value === 'string');
    const guard = texts.some((text) => text.includes('\\')) ? unusedCharacter(texts) : null;
    if (guard)
      for (const [name, value] of Object.entries(named))
        if (typeof value === 'string') named[name] = value.replaceAll('\\', guard);
    const text = runtime(active())._({
      id: '',
      message: compiled as unknown as string,
      values: named,
    });
    return guard ? text.replaceAll(guard, '\\') : text;
  };
  return Object.assign(format, { message, params }) as IcuMessage<A>;
}

/** A private-use character none of `texts` holds. */
function unusedCharacter(texts: string[]): string {
  for (let code = 0xe000; ; code += 1) {
    const character = String.fromCharCode(code);
    if (!texts.some((text) => text.includes(character))) return character;
  }
}

type Catalog = Record<string, unknown>;
const sources = new Map<string, Catalog>();
const translations = new Map<Language, Map<string, Catalog>>();

/**
 * A module's messages, in Ukrainian: returns a view whose every property reads
 * the active language's translation, or the Ukrainian text when none is loaded.
 */
export function defineMessages<T extends Catalog>(namespace: string, ukrainian: T): T {
  if (sources.has(namespace)) throw new Error(`Two message modules named ${namespace}`);
  sources.set(namespace, ukrainian);
  const view = {} as T;
  for (const key of Object.keys(ukrainian)) {
    Object.defineProperty(view, key, {
      enumerable: true,
      get() {
        const language = active();
        if (language !== DEFAULT_LANGUAGE) {
          const translated = translations.get(language)?.get(namespace)?.[key];
          if (translated !== undefined) return translated;
        }
        return ukrainian[key];
      },
    });
  }
  return Object.freeze(view);
}

/** Views put together (a module that includes another's messages); each property stays live. */
export function combineMessages<T extends object[]>(...views: T): UnionToIntersection<T[number]> {
  const descriptors = {};
  for (const view of views) Object.assign(descriptors, Object.getOwnPropertyDescriptors(view));
  return Object.freeze(Object.defineProperties({}, descriptors)) as UnionToIntersection<T[number]>;
}
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;

/**
 * A translation of a module: the same keys, the same kinds of message, the
 * same parameters; a group of texts (an object of names by value) is
 * translated key by key. A message whose values are worked out before they
 * are formatted (a quota in МБ or КБ, a percentage to one decimal, a name in
 * lower case) is its ICU message wrapped by a helper of its module
 * (`quotaBytes`, `roundedPercent`, `lowerCased`), and a translation wraps its
 * own text with the same helper. The few messages that stay functions (a date
 * and time, a list of question numbers) are written again in each language.
 */
export type Translation<T> = {
  -readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: never[]) => unknown
      ? T[K]
      : T[K] extends object
        ? Translation<T[K]>
        : T[K];
};

/** Registers a language's translations of modules, by namespace. */
export function addTranslations(language: Language, modules: Record<string, Catalog>): void {
  let byNamespace = translations.get(language);
  if (!byNamespace) translations.set(language, (byNamespace = new Map()));
  for (const [namespace, catalog] of Object.entries(modules)) byNamespace.set(namespace, catalog);
}

let reverse: { size: number; index: Map<string, [namespace: string, key: string]> } | undefined;

/**
 * A Ukrainian text made before the language was known (a schema's message,
 * a table built at start), in the active language when a module holds it;
 * anything else unchanged.
 */
export function translateText(text: string, language: Language = active()): string {
  if (language === DEFAULT_LANGUAGE) return text;
  if (!reverse || reverse.size !== sources.size) {
    const index = new Map<string, [string, string]>();
    for (const [namespace, catalog] of sources)
      for (const [key, value] of Object.entries(catalog))
        if (typeof value === 'string' && !index.has(value)) index.set(value, [namespace, key]);
    reverse = { size: sources.size, index };
  }
  const at = reverse.index.get(text);
  const translated = at && translations.get(language)?.get(at[0])?.[at[1]];
  return typeof translated === 'string' ? translated : text;
}

/** The Ukrainian source of every module defined so far, by namespace (the catalog tests read it). */
export function sourceCatalogs(): ReadonlyMap<string, Catalog> {
  return sources;
}

/** A language's registered translations, by namespace. */
export function translationCatalogs(language: Language): ReadonlyMap<string, Catalog> {
  return translations.get(language) ?? new Map();
}
