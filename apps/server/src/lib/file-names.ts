/** Original file names: kept for people, never used as paths. */

import { extensionsOfType } from './file-types.ts';

const MAX_NAME_LENGTH = 200;
// C0/C1 controls, and the bidirectional overrides that make 'exe.pdf' read as 'fdp.exe'.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The last segment of a client-sent name, without control characters, so
 * '../../etc/passwd' is stored as 'passwd' and 'C:\\Users\\a\\hw.pdf' as
 * 'hw.pdf'. Never empty: `fallback` when nothing usable is left.
 */
export function sanitizeFileName(raw: string | undefined, fallback = 'file'): string {
  const lastSegment = (raw ?? '').split(/[/\\]/).pop() ?? '';
  let name = lastSegment.normalize('NFC').replace(UNSAFE_CHARACTERS, '').trim();
  if (name === '.' || name === '..') name = '';
  // Leading dots would hide the file on Unix desktops after a download.
  name = name.replace(/^\.+/, '').trim();
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name =
      Array.from(name)
        .slice(0, MAX_NAME_LENGTH - extension.length)
        .join('') + extension;
  }
  return name || fallback;
}

// What people and file managers take for an extension: 1–10 letters or digits, one letter at least
// (so 'Lab 3. Kinematics' or 'report v1.2' have none, and keep all of their name).
const EXTENSION = /^(?=[0-9]*[a-z])[a-z0-9]{1,10}$/i;

/**
 * The name a file of type `mime` is stored and handed out under: the
 * user's name, but with the detected type's extension (docs/decisions.md,
 * uploads). An extension that already is one of the type's, in any case,
 * is kept ('photo.JPG' for a JPEG, 'essay.jpeg' too); any other is replaced
 * ('invoice.hta' of text → 'invoice.txt', 'report.html' of PDF bytes →
 * 'report.pdf'); a name without one gets one ('notes' → 'notes.txt').
 * Used when an upload is stored and again on every way out (the homework
 * JSON, downloads, the zip and CSV exports), so rows stored before this rule
 * are handed out by it too. A type we do not know leaves the name alone.
 */
export function fileNameForType(name: string, mime: string): string {
  const extensions = extensionsOfType(mime);
  if (!extensions) return name;
  // Trailing dots and spaces are dropped by Windows when it saves the file: 'a.hta.' is 'a.hta'.
  const trimmed = name.replace(/[.\s]+$/u, '');
  const dot = trimmed.lastIndexOf('.');
  const current = dot > 0 ? trimmed.slice(dot + 1) : '';
  if (current && extensions.includes(current.toLowerCase())) return trimmed;
  const stem =
    (EXTENSION.test(current) ? trimmed.slice(0, dot) : trimmed).replace(/[.\s]+$/u, '') || 'file';
  const extension = `.${extensions[0]}`;
  const characters = Array.from(stem);
  const room = MAX_NAME_LENGTH - extension.length;
  return (characters.length > room ? characters.slice(0, room).join('') : stem) + extension;
}

/**
 * An entry or folder name inside a zip archive: no separators, no '.' or '..',
 * and no leading drive letter ('C:drive' → 'C_drive'), which zip writers and
 * Windows read as an absolute path.
 */
export function sanitizeArchiveSegment(raw: string, fallback: string): string {
  const name = raw.normalize('NFC').replace(UNSAFE_CHARACTERS, '').replace(/[/\\]/g, '_').trim();
  if (name === '' || /^\.+$/.test(name)) return fallback;
  return name.replace(/^\.+/, '_').replace(/^([a-z]):/i, '$1_');
}

/** 'name.pdf' → 'name (2).pdf': the first name not yet in `taken` (which it then joins). */
export function uniqueName(name: string, taken: Set<string>): string {
  const key = (candidate: string) => candidate.toLowerCase();
  if (!taken.has(key(name))) {
    taken.add(key(name));
    return name;
  }
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  for (let n = 2; ; n += 1) {
    const candidate = `${stem} (${n})${extension}`;
    if (!taken.has(key(candidate))) {
      taken.add(key(candidate));
      return candidate;
    }
  }
}

// Ukrainian national transliteration (2010), so the ASCII fallback of a Cyrillic name stays readable.
const TRANSLITERATION: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
  ю: 'iu',
  я: 'ia',
  ё: 'io',
  ъ: '',
  ы: 'y',
  э: 'e',
};

const PUNCTUATION: Record<string, string> = {
  '—': '-',
  '–': '-',
  '’': "'",
  ʼ: "'",
  '‘': "'",
  '№': 'No',
};

// At the start of a word these letters take their own forms: Євген → Yevhen, Юлія → Yuliia.
const WORD_INITIAL: Record<string, string> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' };

/** A printable-ASCII version of a name for the plain `filename=` parameter. */
export function asciiFileName(name: string): string {
  let result = '';
  let previous = '';
  for (const char of name.normalize('NFC')) {
    const lower = char.toLowerCase();
    const wordStart = !/\p{L}/u.test(previous);
    previous = char;
    const latin =
      (wordStart ? WORD_INITIAL[lower] : undefined) ?? TRANSLITERATION[lower] ?? PUNCTUATION[char];
    if (latin !== undefined) {
      result += char !== lower && latin ? latin[0]!.toUpperCase() + latin.slice(1) : latin;
    } else {
      // Latin letters with accents lose them; everything else outside printable ASCII becomes '_'.
      const plain = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      result += /^[\x20-\x7e]+$/.test(plain) ? plain : '_';
    }
  }
  result = result.replace(/["\\]/g, '_').replace(/_+/g, '_').trim();
  return result || 'file';
}

/**
 * `attachment; filename="<ASCII>"; filename*=UTF-8''<percent-encoded>`
 * (RFC 6266 / RFC 5987): browsers use the UTF-8 name, older clients the ASCII one.
 */
export function attachmentDisposition(name: string): string {
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiFileName(name)}"; filename*=UTF-8''${encoded}`;
}
