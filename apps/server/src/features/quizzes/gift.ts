/**
 * Moodle's GIFT format: a question bank pasted as text, and the bank written
 * back as text that imports to the same questions. Pure functions: the quiz
 * service validates and stores what they return.
 *
 * Read as Moodle's own importer reads it (question/format/gift in Moodle):
 * questions are separated by blank lines; a line starting with `//` is a
 * comment (its `[tag:…]` marks are tags, as Moodle's export writes them);
 * `::title::`; `\` escapes `~ = # { } :` and `\n` is a line break; `[html]`,
 * `[moodle]`, `[plain]`, `[markdown]` name a text's format; the block `{…}`
 * holds the answers and text after it makes a missing-word question. How each
 * block maps to section 14's kinds, and what we do where GIFT and our
 * questions differ (titles, descriptions, categories, wildcards, ordering):
 * docs/decisions.md, "Question import and export".
 */
import {
  QUIZ_LIMITS,
  documentToText,
  quizImportMessages as m,
  type BlockNode,
  type InlineNode,
  type LessonDocument,
  type QuestionOption,
} from '@urok/contract';
import { questionBodySchema, type ImportError, type QuestionBody } from '@urok/contract/schemas';

/** 1-based `line`: the line the question starts on (its first line that is not a comment). */
export type ImportLineError = ImportError['errors'][number];
export interface ImportResult {
  /** Each checked by the contract's question schema, as the question routes check a body. */
  questions: QuestionBody[];
  errors: ImportLineError[];
}
type QuestionInput = QuestionBody;

type TextFormat = 'moodle' | 'html' | 'plain' | 'markdown';
const FORMATS: ReadonlySet<string> = new Set(['moodle', 'html', 'plain', 'markdown']);
const DEFAULT_POINTS = 1;
const LIMITS = QUIZ_LIMITS;
/** A category's name is cut to a tag's length. */
const TAG_LENGTH = QUIZ_LIMITS.tags.length;

// ---------------------------------------------------------------- escapes

// An escaped control character is held as a private-use character while the
// question is taken apart, so that `\=` is never read as an answer's mark.
const ESCAPABLE = ':#={}~';
const PLACEHOLDER_BASE = 0xe000;
const PLACEHOLDERS = new RegExp(
  `[\\u${PLACEHOLDER_BASE.toString(16)}-\\u${(PLACEHOLDER_BASE + ESCAPABLE.length - 1).toString(16)}]`,
  'g',
);

function protectEscapes(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const next = text[i + 1];
    if (char === '\\' && next !== undefined) {
      const index = ESCAPABLE.indexOf(next);
      if (index >= 0) out += String.fromCharCode(PLACEHOLDER_BASE + index);
      else if (next === 'n') out += '\n';
      else if (next === '\\') out += '\\';
      else out += char + next;
      i++;
    } else out += char;
  }
  return out;
}

const restoreEscapes = (text: string) =>
  text.replace(PLACEHOLDERS, (c) => ESCAPABLE[c.charCodeAt(0) - PLACEHOLDER_BASE]!);

/** Text as GIFT writes it: the control characters and the backslash escaped, line breaks as `\n`. */
function escapeGift(text: string): string {
  return text.replace(/[\\~=#{}:]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

// ---------------------------------------------------------------- text and documents

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  laquo: '«',
  raquo: '»',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  times: '×',
  divide: '÷',
  deg: '°',
  minus: '−',
  le: '≤',
  ge: '≥',
  ne: '≠',
  plusmn: '±',
  middot: '·',
  copy: '©',
  euro: '€',
  shy: '',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAG =
  /<\/?(p|div|li|ul|ol|h[1-6]|tr|table|blockquote|section|article|header|footer|dl|dt|dd|figure|figcaption)\b[^>]*>/gi;

/** HTML as plain text: block elements and `<br>` end lines, `<pre>` keeps its own, other tags go. */
function htmlToText(html: string): string {
  const parts = html.split(/(<pre\b[^>]*>[\s\S]*?<\/pre>)/i);
  return parts
    .map((part, index) => {
      if (index % 2 === 1)
        return '\n' + part.replace(/^<pre\b[^>]*>|<\/pre>$/gi, '').replace(/<[^>]*>/g, '') + '\n';
      return part
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/\s+/g, ' ')
        .replace(/<br\s*\/?>/gi, '\n')
        .replace(BLOCK_TAG, '\n')
        .replace(/<img\b[^>]*>/gi, (tag) =>
          m.importImage(decodeEntities(/\balt\s*=\s*"([^"]*)"/i.exec(tag)?.[1] ?? '').trim()),
        )
        .replace(/<\/?[a-z][^>]*>/gi, '');
    })
    .map(decodeEntities)
    .join('');
}

/** Lines of a text piece, each trimmed, empty ones dropped. */
const textLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/[\t\v\f]+/g, ' ').trim())
    .filter((line) => line !== '');

/** A piece of GIFT text (escapes still protected) with its optional `[format]` prefix, as plain text. */
function pieceText(raw: string, defaultFormat: TextFormat): { text: string; format: TextFormat } {
  let text = raw.trim();
  let format = defaultFormat;
  const prefix = /^\[([a-z]+)\]/.exec(text);
  if (prefix && FORMATS.has(prefix[1]!)) {
    format = prefix[1] as TextFormat;
    text = text.slice(prefix[0].length);
  }
  text = restoreEscapes(text);
  if (format === 'html') text = htmlToText(text);
  return { text: textLines(text).join('\n'), format };
}

/** One line of an answer or an option: its lines and tabs as single spaces. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

// Formulas as Moodle's TeX filter reads them: `\(…\)` in a line of text, `$$…$$` or `\[…\]`
// on a line of its own (docs/decisions.md).
const BLOCK_MATH = /^(?:\$\$([^]+?)\$\$|\\\[([^]+?)\\\])$/;
const INLINE_MATH = /\\\(([^]+?)\\\)|\$\$([^]+?)\$\$/g;

/** A line of text as inline nodes: text, and `\(…\)` or `$$…$$` in it as inlineMath. */
function inlineNodes(line: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  let at = 0;
  for (const match of line.matchAll(INLINE_MATH)) {
    const latex = (match[1] ?? match[2]!).trim();
    if (latex === '') continue;
    if (match.index > at) nodes.push({ type: 'text', text: line.slice(at, match.index) });
    nodes.push({ type: 'inlineMath', attrs: { latex } });
    at = match.index + match[0].length;
  }
  if (at < line.length) nodes.push({ type: 'text', text: line.slice(at) });
  return nodes;
}

/** Plain text as a document: a paragraph per line; formulas as math nodes. */
export function plainTextDocument(text: string): LessonDocument {
  return {
    type: 'doc',
    content: textLines(text).map((line): BlockNode => {
      const block = BLOCK_MATH.exec(line);
      const latex = (block?.[1] ?? block?.[2])?.trim();
      if (latex) return { type: 'blockMath', attrs: { latex } };
      return { type: 'paragraph', content: inlineNodes(line) };
    }),
  };
}

/** Formulas written back as Moodle's TeX filter reads them, for documentToText. */
function mathAsTeX(nodes: readonly BlockNode[]): BlockNode[] {
  return nodes.map((node): BlockNode => {
    if (node.type === 'blockMath')
      return { type: 'paragraph', content: [{ type: 'text', text: `$$${node.attrs.latex}$$` }] };
    if (node.type === 'paragraph' || node.type === 'heading')
      return {
        ...node,
        content: node.content?.map((inline) =>
          inline.type === 'inlineMath'
            ? { type: 'text', text: `\\(${inline.attrs.latex}\\)` }
            : inline,
        ),
      };
    if (node.type === 'blockquote') return { ...node, content: mathAsTeX(node.content) };
    if (node.type === 'bulletList' || node.type === 'orderedList')
      return {
        ...node,
        content: node.content.map((item) => ({ ...item, content: mathAsTeX(item.content) })),
      };
    return node;
  });
}

/** A document as plain text, a line per paragraph (lists and headings as documentToText writes them). */
const documentPlainText = (doc: LessonDocument) =>
  textLines(documentToText({ type: 'doc', content: mathAsTeX(doc.content) })).join('\n');

// ---------------------------------------------------------------- numbers

const NUMBER = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?$/i;

/** A number as a teacher writes it ("3.14", "3,14", "-2", "1e3"), or null. */
function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/** Results of a range's arithmetic to 12 significant digits: (3.141 + 3.142) / 2 is 3.1415. */
const tidy = (value: number) => Number(value.toPrecision(12));

/** A weight as GIFT writes it: at most 5 decimals, no trailing zeros. */
const formatNumber = (value: number) => String(Number(value.toFixed(5)));

// ---------------------------------------------------------------- reading

class QuestionError extends Error {}
function fail(message: string): never {
  throw new QuestionError(message);
}

interface Feedback {
  /** What the feedback is about (an answer's text), or null for the general feedback. */
  about: string | null;
  text: string;
}

/** `%50%` at the start of an answer: its weight and the rest. */
function takeWeight(answer: string): { weight: number | null; rest: string } {
  const match = /^%([^%]*)%/.exec(answer);
  if (!match) return { weight: null, rest: answer };
  const weight = parseNumber(match[1]!);
  if (weight === null || weight < -100 || weight > 100) fail(m.giftWeightInvalid(match[1]!.trim()));
  return { weight, rest: answer.slice(match[0].length) };
}

/** `text#feedback`: the first unescaped `#` starts an answer's feedback. */
function splitFeedback(answer: string, format: TextFormat): { text: string; feedback: string } {
  const hash = answer.indexOf('#');
  if (hash < 0) return { text: pieceText(answer, format).text, feedback: '' };
  return {
    text: pieceText(answer.slice(0, hash), format).text,
    feedback: pieceText(answer.slice(hash + 1), format).text,
  };
}

/** The pieces of an answer block after each `marker`; text before the first marker is returned as `lead`. */
function splitAnswers(block: string, marker: RegExp): { lead: string; answers: string[] } {
  const pieces = block.split(marker);
  return { lead: pieces[0]!.trim(), answers: pieces.slice(1).map((piece) => piece.trim()) };
}

const optionId = (index: number) => String.fromCharCode(97 + index);
const sameWeight = (a: number, b: number) => Math.abs(a - b) < 1e-4;

function readChoice(block: string, format: TextFormat, feedbacks: Feedback[]) {
  const single = block.includes('=');
  // Moodle's reading: every `=` also starts an answer, as `~` does.
  const { lead, answers } = splitAnswers(block, /(?=[~=])/);
  if (lead !== '' && !/^[~=]/.test(lead)) fail(m.giftTextBeforeFirstOption);
  const pieces = lead === '' ? answers : [lead, ...answers];
  const read = pieces.map((piece) => {
    const right = piece.startsWith('=');
    const { weight, rest } = takeWeight(piece.slice(1).trimStart());
    const { text, feedback } = splitFeedback(rest, format);
    if (text === '') fail(m.giftOptionEmpty);
    if (feedback !== '') feedbacks.push({ about: oneLine(text), text: feedback });
    return { text: oneLine(text), weight: weight ?? (right ? 100 : 0) };
  });
  if (read.length < LIMITS.options.min || read.length > LIMITS.options.max) fail(m.giftOptionCount);
  const seen = new Set<string>();
  for (const option of read) {
    const key = option.text.toLowerCase();
    if (seen.has(key)) fail(m.giftOptionDuplicate(option.text));
    seen.add(key);
  }
  const options: QuestionOption[] = read.map((option, index) => ({
    id: optionId(index),
    text: option.text,
  }));
  // Section 14 with Moodle's weights: the options of positive weight are `correct`; an option's
  // credit is kept only where its weight differs from the default for it (docs/decisions.md).
  const correct = options.filter((_, i) => read[i]!.weight > 0).map((o) => o.id);
  if (single) {
    if (!read.some((option) => sameWeight(option.weight, 100))) fail(m.giftSingleNoRight);
    options.forEach((option, i) => {
      const weight = read[i]!.weight;
      if (!sameWeight(weight, weight > 0 ? 100 : 0)) option.credit = weight;
    });
    return { kind: 'single' as const, options, correct };
  }
  // A block without `=` is `multiple`; the default credit of a right option is 100 / right
  // options, of a wrong one −100 / right options.
  if (correct.length === 0) fail(m.giftMultipleNoRight);
  options.forEach((option, i) => {
    const weight = read[i]!.weight;
    const byDefault = (weight > 0 ? 100 : -100) / correct.length;
    if (!sameWeight(weight, byDefault)) option.credit = weight;
  });
  return { kind: 'multiple' as const, options, correct };
}

function readTrueFalse(block: string, format: TextFormat, feedbacks: Feedback[]) {
  const parts = block.split('#');
  if (parts.length > 3) fail(m.giftTrueFalseExtra);
  const correct = /^t(rue)?$/i.test(parts[0]!.trim());
  const wrong = pieceText(parts[1] ?? '', format).text;
  const right = pieceText(parts[2] ?? '', format).text;
  // Moodle: the first feedback is shown for the wrong answer, the second for the right one.
  const forTrue = correct ? right : wrong;
  const forFalse = correct ? wrong : right;
  if (forTrue) feedbacks.push({ about: m.importTrue, text: forTrue });
  if (forFalse) feedbacks.push({ about: m.importFalse, text: forFalse });
  return { kind: 'truefalse' as const, correct };
}

/** A short or numeric answer's entries: `=` (or, for the first, nothing) before each. */
function readEntries(block: string, format: TextFormat, feedbacks: Feedback[]) {
  const { lead, answers } = splitAnswers(block, /=/);
  const pieces = lead === '' ? answers : [lead, ...answers];
  return pieces.map((piece) => {
    const { weight, rest } = takeWeight(piece);
    const { text, feedback } = splitFeedback(rest, format);
    if (text === '') fail(m.giftAnswerEmpty);
    const credit = weight ?? 100;
    if (credit < 0) fail(m.giftNegativeWeight);
    // `=%0%*#…` is Moodle's "any other answer": its feedback is all it says.
    const other = text === '*' && credit === 0;
    if (feedback !== '')
      feedbacks.push({ about: other ? m.importOtherAnswer : oneLine(text), text: feedback });
    if (text.includes('*') && !other) fail(m.giftWildcard);
    return { text: oneLine(text), credit, other };
  });
}

function readShort(block: string, format: TextFormat, feedbacks: Feedback[]) {
  // Entries worth 0 score as any unlisted answer does; only their feedback is kept.
  const entries = readEntries(block, format, feedbacks).filter((e) => !e.other && e.credit > 0);
  if (entries.length === 0 || entries.length > LIMITS.accepted.max) fail(m.giftAnswerCount);
  if (!entries.some((e) => sameWeight(e.credit, 100))) fail(m.giftNoFullCredit);
  const accepted = entries.map((e) =>
    sameWeight(e.credit, 100) ? e.text : { text: e.text, credit: e.credit },
  );
  return { kind: 'short' as const, accepted };
}

function readNumeric(block: string, format: TextFormat, feedbacks: Feedback[]) {
  let body = block.slice(1);
  const tilde = body.indexOf('~');
  if (tilde >= 0) {
    // `~#feedback`: what Moodle says to any answer not listed.
    const other = body.slice(tilde + 1);
    const hash = other.indexOf('#');
    const text = pieceText(hash >= 0 ? other.slice(hash + 1) : other, format).text;
    if (text) feedbacks.push({ about: m.importOtherAnswer, text });
    body = body.slice(0, tilde);
  }
  const entries = readEntries(body, format, feedbacks).filter((e) => !e.other && e.credit > 0);
  if (entries.length === 0) fail(m.giftNumberMissing);
  const numbers = entries.map((entry) => {
    const range = entry.text.indexOf('..');
    const colon = entry.text.indexOf(':');
    let value: number | null;
    let tolerance: number | null = 0;
    if (range > 0) {
      const low = parseNumber(entry.text.slice(0, range));
      const high = parseNumber(entry.text.slice(range + 2));
      if (low === null || high === null) fail(m.giftNumberInvalid(entry.text));
      if (high! < low!) fail(m.giftNumberRange);
      value = tidy((low! + high!) / 2);
      tolerance = tidy((high! - low!) / 2);
    } else if (colon > 0) {
      value = parseNumber(entry.text.slice(0, colon));
      tolerance = parseNumber(entry.text.slice(colon + 1));
    } else value = parseNumber(entry.text);
    if (value === null || tolerance === null) fail(m.giftNumberInvalid(entry.text));
    if (tolerance! < 0) fail(m.giftToleranceNegative);
    return { value: value!, tolerance: tolerance!, credit: entry.credit };
  });
  const primary = numbers.findIndex((n) => sameWeight(n.credit, 100));
  if (primary < 0) fail(m.giftNoFullCredit);
  const { value, tolerance } = numbers[primary]!;
  const alternatives = numbers.filter((_, i) => i !== primary);
  return {
    kind: 'numeric' as const,
    value,
    tolerance,
    ...(alternatives.length > 0 ? { alternatives } : {}),
  };
}

function readMatching(block: string, format: TextFormat) {
  const { lead, answers } = splitAnswers(block, /=/);
  if (lead !== '') fail(m.giftMatchingPair);
  const pairs = answers.map((answer) => {
    const arrow = answer.indexOf('->');
    if (arrow < 0) fail(m.giftMatchingPair);
    const left = oneLine(pieceText(answer.slice(0, arrow), format).text);
    const right = oneLine(textLines(restoreEscapes(answer.slice(arrow + 2))).join('\n'));
    if (right === '') fail(m.giftMatchingPair);
    if (left === '') fail(m.giftMatchingDistractor(right));
    return { left, right };
  });
  if (pairs.length < LIMITS.pairs.min || pairs.length > LIMITS.pairs.max) fail(m.giftMatchingCount);
  return { kind: 'matching' as const, pairs };
}

/** Everything after `{` up to `}`, and the text around it. */
function splitBlock(text: string): { before: string; block: string | null; after: string } {
  const open = text.indexOf('{');
  const close = text.indexOf('}');
  if (open < 0 && close < 0) return { before: text, block: null, after: '' };
  if (open < 0 || close < 0) fail(close < 0 ? m.giftBraceUnclosed : m.giftBraceUnopened);
  if (close < open) fail(m.giftBraceUnopened);
  if (text.indexOf('{', open + 1) >= 0 && text.indexOf('{', open + 1) < close)
    fail(m.giftBraceNested);
  const after = text.slice(close + 1);
  if (after.includes('{') || after.includes('}')) fail(m.giftSeveralBlocks);
  return { before: text.slice(0, open), block: text.slice(open + 1, close).trim(), after };
}

interface QuestionSource {
  /** The question's lines without comments, joined by line breaks. */
  text: string;
  /** Tags from `$CATEGORY:` and the comments' `[tag:…]`. */
  tags: string[];
  points: number;
}

function readQuestion(source: QuestionSource): QuestionInput {
  let text = protectEscapes(source.text).trim();
  if (text.startsWith('::')) {
    const end = text.indexOf('::', 2);
    if (end < 0) fail(m.giftTitleUnclosed);
    // The title has no place in a question of ours (docs/decisions.md); the bank is searched by text.
    text = text.slice(end + 2).trim();
  }
  const { before, block, after } = splitBlock(text);
  if (block === null) fail(m.giftNoAnswers);
  const missingWord = after.trim() !== '';
  const question = pieceText(missingWord ? `${before}_____${after}` : before, 'moodle');
  if (question.text.replace(/_____/, '').trim() === '') fail(m.giftTextEmpty);
  const format = question.format;

  let answers = block!;
  const feedbacks: Feedback[] = [];
  const general = answers.lastIndexOf('####');
  if (general >= 0) {
    const generalText = pieceText(answers.slice(general + 4), format).text;
    if (generalText) feedbacks.push({ about: null, text: generalText });
    answers = answers.slice(0, general).trim();
  }

  let key: Omit<QuestionInput, 'text' | 'points' | 'tags' | 'explanation'>;
  if (answers === '') key = { kind: 'essay' };
  else if (answers.startsWith('#')) key = readNumeric(answers, format, feedbacks);
  else if (answers.includes('~')) key = readChoice(answers, format, feedbacks);
  else if (answers.includes('=') && answers.includes('->')) key = readMatching(answers, format);
  else if (/^(t|true|f|false)$/i.test(answers.split('#')[0]!.trim()))
    key = readTrueFalse(answers, format, feedbacks);
  else key = readShort(answers, format, feedbacks);

  // Per-answer feedback joins the explanation (section 14), after the general feedback.
  const explanation = feedbacks
    .map((f) => (f.about === null ? f.text : m.importFeedback(f.about, f.text)))
    .join('\n');
  return {
    ...key,
    text: plainTextDocument(question.text),
    points: source.points,
    tags: source.tags,
    explanation: explanation ? plainTextDocument(explanation) : null,
  } as QuestionInput;
}

/** The tag a `$CATEGORY:` line gives: its last part ("$course$/top/Алгебра/Рівняння" → "Рівняння"). */
function categoryTag(category: string): string | null {
  // Moodle writes a `/` inside a category's name as `//`.
  const parts = category
    .split(/(?<!\/)\/(?!\/)/)
    .map((part) => part.replace(/\/\//g, '/').trim())
    .filter((part) => part !== '' && !/^\$[a-z0-9]*\$$/i.test(part));
  const last = parts.at(-1);
  if (last === undefined || last === 'top') return null;
  return last.slice(0, TAG_LENGTH).trim() || null;
}

/** `[tag:…]` and our `[points:…]` in a comment line (`\]` escapes a bracket, as in Moodle). */
function readCommentMarks(comment: string, tags: string[]): string | null {
  for (const match of comment.matchAll(/\[tag:((?:\\.|[^\]\\])*)\]/g)) {
    const tag = match[1]!.replace(/\\(.)/g, '$1').trim();
    if (tag) tags.push(tag);
  }
  return /\[points:([^\]]*)\]/.exec(comment)?.[1] ?? null;
}

const uniqueTags = (tags: string[]) => {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * Reads a GIFT text. Every question that cannot be taken is an error with
 * its first line; the caller creates nothing when there is any.
 */
export function parseGift(input: string): ImportResult {
  const lines = input
    .replace(/^\uFEFF/, '')
    .replace(PLACEHOLDERS, '')
    .split(/\r\n|\r|\n/);
  const questions: QuestionInput[] = [];
  const errors: ImportLineError[] = [];
  let categoryTags: string[] = [];

  /** The lines of the question being read: its text lines with their numbers, its comments' marks. */
  let block: {
    text: { line: number; text: string }[];
    commentTags: string[];
    points: string | null;
  } | null = null;
  const finish = () => {
    const current = block;
    block = null;
    if (current === null || current.text.length === 0) return;
    if (/^\$CATEGORY:/.test(current.text[0]!.text)) {
      const tag = categoryTag(current.text[0]!.text.slice('$CATEGORY:'.length));
      categoryTags = tag === null ? [] : [tag];
      // A question right under the category line, without a blank line between, is read too.
      current.text.shift();
      if (current.text.length === 0) return;
    }
    const line = current.text[0]!.line;
    try {
      let points = DEFAULT_POINTS;
      if (current.points !== null) {
        const value = parseNumber(current.points);
        if (value === null || value < LIMITS.points.min || value > LIMITS.points.max)
          fail(m.giftPointsInvalid(current.points.trim()));
        points = value!;
      }
      const question = readQuestion({
        text: current.text.map((t) => t.text).join('\n'),
        tags: uniqueTags([...categoryTags, ...current.commentTags]),
        points,
      });
      // The rest of what a question must be (lengths, tags, a key that can be answered).
      const checked = questionBodySchema.safeParse(question);
      if (!checked.success) fail(checked.error.issues[0]!.message);
      questions.push(checked.data);
    } catch (error) {
      if (!(error instanceof QuestionError)) throw error;
      errors.push({ line, message: error.message });
    }
  };

  lines.forEach((raw, index) => {
    const text = raw.trim();
    if (text === '') return finish();
    block ??= { text: [], commentTags: [], points: null };
    if (text.startsWith('//'))
      block.points = readCommentMarks(text, block.commentTags) ?? block.points;
    else block.text.push({ line: index + 1, text });
  });
  finish();
  return { questions, errors };
}

// ---------------------------------------------------------------- writing

/** An answer's or option's text: `[plain]` first where it would otherwise read as a format or a weight. */
function answerText(text: string): string {
  const escaped = escapeGift(text);
  return /^\[[a-z]+\]/.test(text) ? `[plain]${escaped}` : escaped;
}

/**
 * `%w%` where an answer's weight is not what its mark says by itself, or its text starts with `%`.
 * A credit is written exactly; a weight that section 14's defaults give, to 5 decimals.
 */
function weightMark(weight: number, byDefault: number, text: string, explicit: boolean): string {
  if (sameWeight(weight, byDefault) && !text.startsWith('%')) return '';
  return `%${explicit ? String(weight) : formatNumber(weight)}%`;
}

function writeKey(question: QuestionInput): string {
  switch (question.kind) {
    case 'essay':
      return '';
    case 'truefalse':
      return question.correct ? 'TRUE' : 'FALSE';
    case 'single':
      return question.options
        .map((option) => {
          const right = question.correct.includes(option.id);
          const weight = option.credit ?? (right ? 100 : 0);
          const mark = sameWeight(weight, 100)
            ? `=${option.text.startsWith('%') ? '%100%' : ''}`
            : `~${weightMark(weight, 0, option.text, true)}`;
          return `\n\t${mark}${answerText(option.text)}`;
        })
        .join('');
    case 'multiple': {
      const rights = question.correct.length;
      return question.options
        .map((option) => {
          const right = question.correct.includes(option.id);
          const weight = option.credit ?? (right ? 100 : -100) / rights;
          const mark = weightMark(weight, 0, option.text, option.credit !== undefined);
          return `\n\t~${mark}${answerText(option.text)}`;
        })
        .join('');
    }
    case 'short':
      return question.accepted
        .map((entry) => {
          const { text, credit } = typeof entry === 'string' ? { text: entry, credit: 100 } : entry;
          return `\n\t=${weightMark(credit, 100, text, true)}${answerText(text)}`;
        })
        .join('');
    case 'numeric': {
      const entry = (value: number, tolerance: number) =>
        tolerance === 0 ? String(value) : `${String(value)}:${String(tolerance)}`;
      const alternatives = question.alternatives ?? [];
      if (alternatives.length === 0) return `#${entry(question.value, question.tolerance)}`;
      return `#\n\t=${entry(question.value, question.tolerance)}${alternatives
        .map((a) => `\n\t=${weightMark(a.credit, 100, '', true)}${entry(a.value, a.tolerance)}`)
        .join('')}`;
    }
    case 'matching':
      return question.pairs
        .map((pair) => `\n\t=${answerText(pair.left)} -> ${escapeGift(pair.right)}`)
        .join('');
    case 'ordering':
      return '';
  }
}

/** The question's comment line: its tags and, when not the default, its points. */
function marksLine(question: QuestionInput): string | null {
  const marks = question.tags.map((tag) => `[tag:${tag.replace(/\]/g, '\\]')}]`);
  if (question.points !== DEFAULT_POINTS) marks.push(`[points:${String(question.points)}]`);
  return marks.length > 0 ? `// ${marks.join(' ')}` : null;
}

/** An ordering question as comment lines: GIFT has no such kind (docs/decisions.md). */
function orderingComment(question: Extract<QuestionInput, { kind: 'ordering' }>): string {
  const text = documentPlainText(question.text).split('\n');
  return [
    `// ${m.exportOrderingSkipped}`,
    ...text.map((line) => `// ${line}`),
    ...question.items.map((item, index) => `//   ${index + 1}. ${oneLine(item)}`),
  ].join('\n');
}

/** The questions as GIFT text that parseGift reads back to the same questions (except ordering). */
export function exportGift(questions: readonly QuestionInput[]): string {
  return questions
    .map((question) => {
      if (question.kind === 'ordering') return orderingComment(question);
      const text = documentPlainText(question.text);
      // `[plain]` keeps Moodle from reading HTML in the text, and us from reading `[html]` or `//`.
      const plain = /^(\[[a-z]+\]|\/\/)|</.test(text) ? '[plain]' : '';
      const key = writeKey(question);
      const explanation =
        question.explanation === null ? '' : documentPlainText(question.explanation);
      const general = explanation
        ? `${key.includes('\n') ? '\n\t' : ''}####${escapeGift(explanation)}`
        : '';
      const close = key.includes('\n') ? '\n}' : '}';
      const marks = marksLine(question);
      return `${marks ? `${marks}\n` : ''}${plain}${escapeGift(text)}{${key}${general}${close}`;
    })
    .join('\n\n')
    .concat('\n');
}
