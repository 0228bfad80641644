import { fileTypeFromBuffer } from 'file-type';
import { COVER_MIME_TYPES, HOMEWORK_MIME_TYPES } from '@urok/contract';

/** How much of a file is read before deciding its type: what file-type needs for its longest signatures. */
export const SNIFF_BYTES = 4100;

export interface DetectedType {
  mime: string;
  /** Without the dot. */
  ext: string;
}

const homeworkTypes = new Set<string>(HOMEWORK_MIME_TYPES);
const coverTypes = new Set<string>(COVER_MIME_TYPES);

type AcceptedType =
  | (typeof HOMEWORK_MIME_TYPES)[number]
  | (typeof COVER_MIME_TYPES)[number]
  | 'video/mp4'
  | 'video/webm';

/**
 * The extensions a stored file of each type we take may carry, the
 * canonical one first. A file keeps its name's extension only when it is
 * one of its type's (any case): a teacher's computer opens a file by its
 * extension, so 'invoice.hta' whose bytes are text must arrive as a .txt.
 * Plain text has exactly one: .html, .svg, .hta, .js and the like are text
 * too, and are what a mismatch would smuggle in.
 */
const EXTENSIONS_BY_TYPE: Record<AcceptedType, readonly [string, ...string[]]> = {
  'application/pdf': ['pdf'],
  'application/msword': ['doc', 'dot'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'text/plain': ['txt'],
  'application/rtf': ['rtf'],
  'application/zip': ['zip'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  // Lesson videos: 'Lecture 1.hta' of MP4 bytes is stored and handed out as 'Lecture 1.mp4'.
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm'],
};

/** The extensions (lower case, without the dot; the canonical one first) of a type we take; undefined for any other. */
export function extensionsOfType(mime: string): readonly [string, ...string[]] | undefined {
  return Object.hasOwn(EXTENSIONS_BY_TYPE, mime)
    ? EXTENSIONS_BY_TYPE[mime as AcceptedType]
    : undefined;
}

/** A detected type with its canonical extension. */
function typed(mime: string): DetectedType {
  return { mime, ext: extensionsOfType(mime)![0] };
}

/**
 * A homework type from the first bytes, or null when it is not one we take.
 * DOC is an OLE compound file, a container shared with MSI installers and
 * old Excel, so it counts as DOC only under a .doc name. Plain text has no
 * signature: it is text when nothing else matched and the bytes are UTF-8
 * without control characters.
 */
export async function detectHomeworkType(
  head: Buffer,
  fileName: string,
): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return looksLikePlainText(head) ? typed('text/plain') : null;
  if (found.mime === 'application/x-cfb') {
    return /\.(doc|dot)$/i.test(fileName) ? typed('application/msword') : null;
  }
  return homeworkTypes.has(found.mime) ? typed(found.mime) : null;
}

/** A cover is JPEG, PNG or WebP by its bytes; the name is not consulted. */
export async function detectCoverType(head: Buffer): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(head);
  if (!found || !coverTypes.has(found.mime)) return null;
  return typed(found.mime);
}

/**
 * True when `head` decodes as UTF-8 (a multi-byte character cut off at the
 * end is allowed: it is only the start of the file) and holds no NUL or other
 * control character except tab, line feed, form feed and carriage return.
 */
export function looksLikePlainText(head: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

const COVER_TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The type of a stored cover, from the extension its key was given when the bytes were checked. */
export function coverTypeFromKey(key: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/.exec(key)?.[1];
  return ext ? COVER_TYPES_BY_EXTENSION[ext] : undefined;
}

// ---- course content: lesson videos ----
const VIDEO_TYPES: Record<string, DetectedType> = {
  'video/mp4': typed('video/mp4'),
  'video/webm': typed('video/webm'),
};

/**
 * A lesson video is MP4 (an ISO BMFF `ftyp` box of an MP4 brand) or WebM
 * (an EBML header whose DocType is webm), by its bytes; anything else,
 * QuickTime and Matroska included, is not one (a browser may not play it).
 */
export async function detectVideoType(head: Buffer): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(head);
  return (found && VIDEO_TYPES[found.mime]) ?? null;
}
// ---- end of course content section ----
