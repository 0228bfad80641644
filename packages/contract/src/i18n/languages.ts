/**
 * The product's languages (DESIGN section 16): Ukrainian, the default, in which
 * the specification words every text, and English.
 */
export const LANGUAGES = ['uk', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'uk';

export function isLanguage(value: unknown): value is Language {
  return value === 'uk' || value === 'en';
}

/** The primary subtag of a language tag: 'en-GB' → 'en'. */
function primary(tag: string): string {
  return tag.trim().toLowerCase().split('-')[0] ?? '';
}

/**
 * The language for a list of preferred language tags, most preferred first
 * (the browser's `navigator.languages`, or an Accept-Language header sorted by
 * its weights): English when English comes before Ukrainian, else Ukrainian.
 * A Russian-first browser in Ukraine reads Ukrainian, as today.
 */
export function preferredLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const code = primary(tag);
    if (code === 'uk') return 'uk';
    if (code === 'en') return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The language an Accept-Language header asks for (RFC 9110 section 12.5.4):
 * its tags ordered by weight (q, default 1; q=0 means "not this one"), then
 * `preferredLanguage`. No header, or a malformed one, is Ukrainian.
 */
export function languageFromHeader(header: string | null | undefined): Language {
  if (!header || header.length > 500) return DEFAULT_LANGUAGE;
  const ranked: Array<{ tag: string; q: number; order: number }> = [];
  header.split(',').forEach((part, order) => {
    const [tag = '', ...params] = part.split(';');
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=');
      if (name?.trim() === 'q') q = Number(value);
    }
    if (tag.trim() && Number.isFinite(q) && q > 0) ranked.push({ tag, q, order });
  });
  ranked.sort((a, b) => b.q - a.q || a.order - b.order);
  return preferredLanguage(ranked.map((entry) => entry.tag));
}
