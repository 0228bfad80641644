/**
 * Course search on both databases without full-text machinery: a course
 * keeps `search_text`, its title, description and category folded here, and
 * a query is folded the same way and matched with LIKE. Folding in
 * JavaScript (not SQL lower()) makes Cyrillic case-insensitive on SQLite too,
 * whose lower() only knows ASCII.
 */
export function foldSearchText(text: string): string {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      // Ukrainian apostrophes come in three spellings: ' ’ ʼ (and ` from careless keyboards).
      .replace(/[’ʼ`‘]/g, "'")
      .replace(/\s+/g, ' ')
      .trim()
  );
}

export function buildSearchText(...parts: string[]): string {
  return foldSearchText(parts.join(' '));
}

/** The words of a query, folded; a course matches when it contains every one. */
export function searchTerms(query: string | undefined): string[] {
  if (!query) return [];
  const words = foldSearchText(query).split(' ').filter(Boolean);
  // Dropping repeats keeps the SQL short for queries like "а а а а".
  return [...new Set(words)].slice(0, 10);
}

/** A LIKE pattern that finds `term` anywhere, with % _ and \ taken literally (ESCAPE '\'). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * An FTS5 phrase that matches `term` as a substring in a trigram index, or
 * undefined for words under 3 characters, which a trigram index cannot find.
 */
export function trigramPhrase(term: string): string | undefined {
  if ([...term].length < 3) return undefined;
  return `"${term.replaceAll('"', '""')}"`;
}
