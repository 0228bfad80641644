/**
 * Course content: limits and the rules server and web
 * share, without zod (the zod schemas are in schemas/content.ts).
 */

export const CONTENT_LIMITS = {
  sectionTitle: { min: 1, max: 120 },
  lessonTitle: { min: 1, max: 200 },
  /** A lesson document as JSON text, in bytes of UTF-8. */
  documentBytes: 200 * 1024,
  /**
   * Nesting of the document's JSON (objects and arrays). A node costs two
   * levels (itself and its `content` array), so ten nested lists fit with
   * room; checked without recursion before the recursive schema runs.
   */
  documentDepth: 64,
  /** One text node: a sane bound for a paragraph or a code block. */
  textLength: 20_000,
  /** An image's alt and title, a link's href, a code block's language. */
  attributeLength: 2_000,
  /** A formula's LaTeX source (inlineMath, blockMath). */
  latexLength: 2_000,
  videoUrl: { max: 500 },
  sectionsPerCourse: 100,
  lessonsPerCourse: 1000,
  attachmentsPerLesson: 50,
  /** Items named by one `PUT courses/{id}/outline` (sections × items stay within these). */
  outlineSections: 100,
  outlineItems: 2000,
} as const;

export const ATTACHMENT_MAX_BYTES = 50 * 1024 * 1024;
/** The default of VIDEO_MAX_MB (a server setting): an uploaded lesson video, in megabytes. */
export const VIDEO_MAX_MB_DEFAULT = 1024;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm'] as const;
export const VIDEO_ACCEPT = 'video/mp4,video/webm';

/** What an outline holds. Assignments join as items of the same sections. */
export const OUTLINE_ITEM_KINDS = ['lesson', 'assignment', 'quiz'] as const;
export type OutlineItemKind = (typeof OUTLINE_ITEM_KINDS)[number];

// ---------------------------------------------------------------- images and links

/**
 * An image of a document points at an attachment of the same lesson as
 * `attachment:<id>`, never at a URL: the web app fetches the file through
 * `GET attachments/{id}/file` with the session, and a document cannot load
 * anything from elsewhere.
 */
export const ATTACHMENT_SRC_PREFIX = 'attachment:';
const ATTACHMENT_SRC = /^attachment:([A-Za-z0-9-]{1,100})$/;

export function attachmentSrc(attachmentId: string): string {
  return `${ATTACHMENT_SRC_PREFIX}${attachmentId}`;
}

/** The attachment id of an image `src`, or null when it is not an attachment reference. */
export function attachmentIdOfSrc(src: string): string | null {
  return ATTACHMENT_SRC.exec(src)?.[1] ?? null;
}

/** A link of a document: http(s) with a host, or mailto: with an address. */
export function isAllowedHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (href.length > CONTENT_LIMITS.attributeLength || /[\s\u0000-\u001f]/.test(href)) return false;
  if (/^mailto:[^@\s]+@[^@\s]+$/i.test(href)) return true;
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    const url = new URL(href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * What an author typed as a link, made into an allowed href: kept when allowed, a bare domain
 * ('geogebra.org/m/x') gets https://, a bare address gets mailto:. Null for anything else — in
 * particular any other scheme (javascript:, data:, ftp:).
 */
export function normaliseHref(input: string): string | null {
  const value = input.trim();
  if (isAllowedHref(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !/^[^/?#:]+\.[^/?#:]+:\d+(?:[/?#]|$)/i.test(value))
    return null;
  if (/^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return `mailto:${value}`;
  const bare = value.replace(/^\/\//, '');
  if (/^[^\s/?#@]+\.[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i.test(bare)) {
    const href = `https://${bare}`;
    return isAllowedHref(href) ? href : null;
  }
  return null;
}

// ---------------------------------------------------------------- documents

/**
 * True when `value` nests objects and arrays deeper than `max`. Iterative
 * and stops at the first level too deep, so a 10,000-deep body is refused
 * before any recursive check could exhaust the stack.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > max) return true;
    for (const inner of Array.isArray(item) ? item : Object.values(item))
      if (typeof inner === 'object' && inner !== null) stack.push([inner, depth + 1]);
  }
  return false;
}

/** The length of `text` in UTF-8 bytes (no Buffer or TextEncoder: the contract runs anywhere). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Every image `src` of a (valid) document, in order. Iterative, like nestsDeeperThan. */
export function documentImageSources(doc: unknown): string[] {
  const sources: string[] = [];
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop() as { type?: unknown; attrs?: { src?: unknown }; content?: unknown };
    if (typeof node !== 'object' || node === null) continue;
    if (node.type === 'image' && typeof node.attrs?.src === 'string') sources.push(node.attrs.src);
    if (Array.isArray(node.content)) stack.push(...[...node.content].reverse());
  }
  return sources;
}

/** The document of a new, empty lesson: one empty paragraph (what the editor starts with). */
export const EMPTY_DOCUMENT = { type: 'doc', content: [{ type: 'paragraph' }] } as const;

// ---------------------------------------------------------------- video links

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const YOUTUBE_NOCOOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com']);

/** The embed addresses a lesson's `videoUrl` may hold, and the only frame sources pages allow. */
export const VIDEO_EMBED_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
] as const;

/**
 * A YouTube or Vimeo link as its embed address
 * (`https://www.youtube-nocookie.com/embed/<id>`, `https://player.vimeo.com/video/<id>`),
 * or null for anything else. Accepted: youtube.com/watch?v=…, youtu.be/…,
 * youtube.com/embed/…, youtube-nocookie.com/embed/…, vimeo.com/<id>,
 * player.vimeo.com/video/<id>; http or https.
 */
export function normaliseVideoUrl(raw: string): string | null {
  const text = raw.trim();
  if (text.length > CONTENT_LIMITS.videoUrl.max || !/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password || (url.port && url.port !== '443' && url.port !== '80'))
    return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let youtubeId: string | undefined;
  if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch')
      youtubeId = url.searchParams.get('v') ?? '';
    else if (segments.length === 2 && segments[0] === 'embed') youtubeId = segments[1];
  } else if (YOUTUBE_NOCOOKIE_HOSTS.has(host)) {
    if (segments.length === 2 && segments[0] === 'embed') youtubeId = segments[1];
  } else if (host === 'youtu.be') {
    if (segments.length === 1) youtubeId = segments[0];
  } else if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    if (segments.length === 1 && VIMEO_ID.test(segments[0]!))
      return `https://player.vimeo.com/video/${segments[0]}`;
    return null;
  } else if (host === 'player.vimeo.com') {
    if (segments.length === 2 && segments[0] === 'video' && VIMEO_ID.test(segments[1]!))
      return `https://player.vimeo.com/video/${segments[1]}`;
    return null;
  }
  if (youtubeId !== undefined && YOUTUBE_ID.test(youtubeId))
    return `https://www.youtube-nocookie.com/embed/${youtubeId}`;
  return null;
}

// ---------------------------------------------------------------- document types

/**
 * A lesson's `body`: ProseMirror/TipTap JSON of the nodes and marks below
 * and nothing else (schemas/content.ts checks it; the web app renders it
 * with a whitelist renderer, never as HTML).
 */
export type DocumentMark =
  | { type: 'bold' | 'italic' | 'underline' | 'strike' | 'code' }
  | {
      type: 'link';
      attrs: {
        href: string;
        target?: '_blank' | null | undefined;
        rel?: string | null | undefined;
        class?: null | undefined;
      };
    };
export interface TextNode {
  type: 'text';
  text: string;
  marks?: DocumentMark[] | undefined;
}
export interface HardBreakNode {
  type: 'hardBreak';
}
export interface ImageNode {
  type: 'image';
  /** `src` is `attachment:<id>` of an attachment of the same lesson. */
  attrs: { src: string; alt?: string | null | undefined; title?: string | null | undefined };
}
/** A formula in the line of text: LaTeX source, drawn with KaTeX. */
export interface InlineMathNode {
  type: 'inlineMath';
  attrs: { latex: string };
}
/** A formula on a line of its own (display style). */
export interface BlockMathNode {
  type: 'blockMath';
  attrs: { latex: string };
}
export type InlineNode = TextNode | HardBreakNode | ImageNode | InlineMathNode;
export interface ParagraphNode {
  type: 'paragraph';
  content?: InlineNode[] | undefined;
}
export interface HeadingNode {
  type: 'heading';
  attrs: { level: 2 | 3 | 4 };
  content?: InlineNode[] | undefined;
}
export interface ListItemNode {
  type: 'listItem';
  content: BlockNode[];
}
export interface BulletListNode {
  type: 'bulletList';
  content: ListItemNode[];
}
export interface OrderedListNode {
  type: 'orderedList';
  attrs?:
    | { start?: number | undefined; type?: '1' | 'a' | 'A' | 'i' | 'I' | null | undefined }
    | undefined;
  content: ListItemNode[];
}
export interface BlockquoteNode {
  type: 'blockquote';
  content: BlockNode[];
}
export interface CodeBlockNode {
  type: 'codeBlock';
  attrs?: { language?: string | null | undefined } | undefined;
  /** Plain text only: no marks. */
  content?: { type: 'text'; text: string }[] | undefined;
}
export interface HorizontalRuleNode {
  type: 'horizontalRule';
}
export type BlockNode =
  | ParagraphNode
  | HeadingNode
  | BulletListNode
  | OrderedListNode
  | BlockquoteNode
  | CodeBlockNode
  | HorizontalRuleNode
  | ImageNode
  | BlockMathNode;
export interface LessonDocument {
  type: 'doc';
  content: BlockNode[];
}
