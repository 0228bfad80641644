/**
 * Ukrainian national transliteration (Cabinet of Ministers resolution No. 55
 * of 2010), for the operator's search of accounts: 'Мельник' finds an account
 * named 'Melnyk', and 'Melnyk' one named 'Мельник'.
 *
 * A table of our own rather than an npm package: the same table is also
 * written as SQL (admin.repository.ts nests one replace() per row around the
 * stored name, on SQLite and PostgreSQL alike, so a stored Cyrillic name is
 * compared in Latin letters without a new column), and a package's rules
 * could not be shared with that SQL. The rows run in order: 'зг' before 'з'
 * and 'г'. The SQL side cannot see where a word starts, so it uses the forms
 * inside a word (є → ie, ю → iu, я → ia, ї and й → i); `latinVariants`
 * covers the forms at a word's start (Ye, Yu, Ya, Yi, Y) from the query's side.
 */
export const UKRAINIAN_TO_LATIN: ReadonlyArray<readonly [string, string]> = [
  ['зг', 'zgh'],
  ['щ', 'shch'],
  ['ж', 'zh'],
  ['х', 'kh'],
  ['ц', 'ts'],
  ['ч', 'ch'],
  ['ш', 'sh'],
  ['ю', 'iu'],
  ['я', 'ia'],
  ['є', 'ie'],
  ['ї', 'i'],
  ['й', 'i'],
  ['ь', ''],
  ["'", ''],
  ['’', ''],
  ['ʼ', ''],
  ['а', 'a'],
  ['б', 'b'],
  ['в', 'v'],
  ['г', 'h'],
  ['ґ', 'g'],
  ['д', 'd'],
  ['е', 'e'],
  ['з', 'z'],
  ['и', 'y'],
  ['і', 'i'],
  ['к', 'k'],
  ['л', 'l'],
  ['м', 'm'],
  ['н', 'n'],
  ['о', 'o'],
  ['п', 'p'],
  ['р', 'r'],
  ['с', 's'],
  ['т', 't'],
  ['у', 'u'],
  ['ф', 'f'],
];

/** The forms of a word's first letter (the resolution's rule for є, ї, й, ю, я there). */
const WORD_START: Record<string, string> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' };

/** Lower-case text in Latin letters by the table, as the SQL side computes it. */
export function latinInWord(text: string): string {
  let out = text;
  for (const [from, to] of UKRAINIAN_TO_LATIN) out = out.replaceAll(from, to);
  return out;
}

/** A lower-case word as the national transliteration writes it: 'юрій' → 'yurii'. */
export function nationalLatin(word: string): string {
  const first = WORD_START[word[0] ?? ''];
  return first === undefined ? latinInWord(word) : first + latinInWord(word.slice(1));
}

const CYRILLIC = /[а-яґєії]/;

/**
 * What a folded search word may look like in Latin letters, to be found in a
 * name the SQL side has put into Latin letters (`latinInWord`): a Cyrillic
 * word both ways it may have been written ('юрій': 'iurii', 'yurii'); a Latin
 * word as typed and with its first Y as the table writes it inside a word
 * ('yurii': 'yurii', 'iurii').
 */
export function latinVariants(word: string): string[] {
  const variants = CYRILLIC.test(word)
    ? [latinInWord(word), nationalLatin(word)]
    : [word, word.replace(/^yi/, 'i').replace(/^y/, 'i')];
  return [...new Set(variants.filter((variant) => variant !== ''))];
}
