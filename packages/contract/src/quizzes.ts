/**
 * Quizzes (DESIGN section 14): the question kinds, their limits, the check
 * of an answer key, the check of a student's answer, and the scoring rules —
 * the one place they live; server and web share them, without zod (the zod
 * schemas are in schemas/quizzes.ts).
 */
import { quizMessages as m } from './quiz-messages.ts';

export const QUESTION_KINDS = [
  'single',
  'multiple',
  'truefalse',
  'short',
  'numeric',
  'matching',
  'ordering',
  'essay',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUIZ_GRADINGS = ['highest', 'last', 'average'] as const;
export type QuizGrading = (typeof QUIZ_GRADINGS)[number];
export const QUIZ_REVIEWS = ['after_submit', 'after_close', 'never'] as const;
export type QuizReview = (typeof QUIZ_REVIEWS)[number];
export const ATTEMPT_STATES = ['open', 'submitted'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];
export const IMPORT_FORMATS = ['gift', 'aiken'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const QUIZ_LIMITS = {
  points: { min: 0.5, max: 100, default: 1 },
  tags: { max: 10, length: 40 },
  options: { min: 2, max: 10 },
  optionId: 40,
  optionText: 1000,
  credit: { min: -100, max: 100 },
  accepted: { min: 1, max: 20, length: 200 },
  alternatives: 10,
  pairs: { min: 2, max: 10 },
  pairText: 500,
  items: { min: 2, max: 10 },
  itemText: 500,
  essay: 20_000,
  questionsPerCourse: 5000,
  searchLength: 200,
  page: { default: 50, max: 100 },
  importBytes: 1024 * 1024,
  importQuestions: 1000,
  quizTitle: { min: 1, max: 200 },
  quizzesPerCourse: 200,
  timeLimitMinutes: { min: 1, max: 600 },
  attemptsAllowed: { min: 1, max: 20, default: 1 },
  slots: 100,
  slotCount: { min: 1, max: 100 },
  feedback: 2000,
} as const;

// ---------------------------------------------------------------- the answer key

export interface QuestionOption {
  id: string;
  text: string;
  /** Moodle's partial credit, −100..100 (%); absent: 100 for a right option of `single`, the table's rule otherwise. */
  credit?: number;
}
export interface AcceptedAnswer {
  text: string;
  credit: number;
}
export interface NumericAlternative {
  value: number;
  tolerance: number;
  credit: number;
}
export interface MatchingPair {
  left: string;
  right: string;
}

/** A question's kind and answer key: what scores an answer. */
export type QuestionKey =
  | { kind: 'single'; options: QuestionOption[]; correct: string[] }
  | { kind: 'multiple'; options: QuestionOption[]; correct: string[] }
  | { kind: 'truefalse'; correct: boolean }
  | { kind: 'short'; accepted: (string | AcceptedAnswer)[] }
  | { kind: 'numeric'; value: number; tolerance: number; alternatives?: NumericAlternative[] }
  | { kind: 'matching'; pairs: MatchingPair[] }
  | { kind: 'ordering'; items: string[] }
  | { kind: 'essay' };

/** The fields of each kind's key: none of them ever reaches a student before review allows it. */
export const KEY_FIELDS = [
  'correct',
  'accepted',
  'value',
  'tolerance',
  'alternatives',
  'pairs',
] as const;

/** A student's answer to one question, by kind. */
export type QuestionAnswer =
  | { optionId: string }
  | { optionIds: string[] }
  | { value: boolean }
  | { text: string }
  | { value: number }
  | { matches: (string | null)[] }
  | { order: string[] };

/** The answer of each kind, typed. */
export interface AnswerOf {
  single: { optionId: string };
  multiple: { optionIds: string[] };
  truefalse: { value: boolean };
  short: { text: string };
  numeric: { value: number };
  matching: { matches: (string | null)[] };
  ordering: { order: string[] };
  essay: { text: string };
}

/** A number as a student or teacher types it: 3.14, "3,14", " -2 ". Null for anything else. */
export function parseNumber(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (typeof input !== 'string') return null;
  const text = input.trim().replace(/\s+/g, '').replace(',', '.').replace(/^−/, '-');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(text) || text.length > 40) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * A short answer as it is compared: trimmed, lower case, inner spaces
 * collapsed to one, and the apostrophes ’ ʼ ' (and ‘ `) as one.
 */
export function normaliseShortAnswer(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2019\u02BC\u2018`]/g, "'")
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('uk');
}

const acceptedText = (entry: string | AcceptedAnswer) =>
  typeof entry === 'string' ? entry : entry.text;
const acceptedCredit = (entry: string | AcceptedAnswer) =>
  typeof entry === 'string' ? 100 : entry.credit;

/**
 * Each option's credit, in % (section 14's rules written with defaults):
 * `single` — a right option 100, another 0; `multiple` — a right option
 * 100 / right options, a wrong one −100 / right options. An explicit
 * `credit` wins.
 */
export function optionCredits(key: {
  kind: 'single' | 'multiple';
  options: QuestionOption[];
  correct: string[];
}): Map<string, number> {
  const right = new Set(key.correct);
  const credits = new Map<string, number>();
  for (const option of key.options) {
    let credit = option.credit;
    if (credit === undefined) {
      if (key.kind === 'single') credit = right.has(option.id) ? 100 : 0;
      else credit = (right.has(option.id) ? 100 : -100) / Math.max(1, right.size);
    }
    credits.set(option.id, credit);
  }
  return credits;
}

const sameText = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('uk') === b.trim().toLocaleLowerCase('uk');

function hasDuplicates(values: string[], compare: (a: string, b: string) => boolean): boolean {
  return values.some((value, index) =>
    values.slice(0, index).some((other) => compare(other, value)),
  );
}

/**
 * What makes a well-formed key unanswerable, or null when it can be
 * answered with full points: no right option, a duplicate option, an
 * accepted list without a full-credit entry, a credit that contradicts
 * `correct`, and so on. Shapes and lengths are the schema's business; this
 * is the meaning.
 */
export function questionKeyProblem(key: QuestionKey): string | null {
  switch (key.kind) {
    case 'single':
    case 'multiple': {
      const ids = key.options.map((option) => option.id);
      if (hasDuplicates(ids, (a, b) => a === b)) return m.questionOptionIdDuplicate;
      if (
        hasDuplicates(
          key.options.map((option) => option.text),
          sameText,
        )
      )
        return m.questionOptionDuplicate;
      if (key.correct.length === 0) return m.questionNoCorrect;
      if (new Set(key.correct).size !== key.correct.length) return m.questionCorrectUnknown;
      if (key.correct.some((id) => !ids.includes(id))) return m.questionCorrectUnknown;
      const right = new Set(key.correct);
      for (const option of key.options) {
        if (option.credit === undefined) continue;
        if (right.has(option.id) !== option.credit > 0) return m.questionCreditMismatch;
      }
      const credits = [...optionCredits(key).values()];
      if (key.kind === 'single') {
        if (Math.max(...credits) < 100) return m.questionSingleNoFull;
      } else {
        const sum = credits.filter((credit) => credit > 0).reduce((a, b) => a + b, 0);
        // 3 × 33.333 is a full answer too.
        if (sum < 99.9) return m.questionMultipleNotFull;
      }
      return null;
    }
    case 'truefalse':
      return null;
    case 'short': {
      if (key.accepted.length === 0) return m.questionAcceptedCount;
      const texts = key.accepted.map((entry) => normaliseShortAnswer(acceptedText(entry)));
      if (texts.some((text) => text === '')) return m.questionAcceptedInvalid;
      if (new Set(texts).size !== texts.length) return m.questionAcceptedDuplicate;
      if (Math.max(...key.accepted.map(acceptedCredit)) < 100) return m.questionAcceptedNoFull;
      return null;
    }
    case 'numeric': {
      if (!Number.isFinite(key.value) || !(key.tolerance >= 0)) return m.questionNumericInvalid;
      for (const alternative of key.alternatives ?? []) {
        if (!Number.isFinite(alternative.value) || !(alternative.tolerance >= 0))
          return m.questionNumericInvalid;
      }
      return null;
    }
    case 'matching': {
      if (key.pairs.length < QUIZ_LIMITS.pairs.min) return m.questionPairsCount;
      if (
        hasDuplicates(
          key.pairs.map((pair) => pair.left),
          sameText,
        )
      )
        return m.questionPairDuplicate;
      return null;
    }
    case 'ordering': {
      if (key.items.length < QUIZ_LIMITS.items.min) return m.questionItemsCount;
      if (hasDuplicates(key.items, sameText)) return m.questionItemDuplicate;
      return null;
    }
    case 'essay':
      return null;
  }
}

// ---------------------------------------------------------------- a student's answer

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const onlyKeys = (value: Record<string, unknown>, ...keys: string[]) =>
  Object.keys(value).every((name) => keys.includes(name)) && keys.every((name) => name in value);

/** The distinct rights a matching question offers, in key order (the attempt shuffles them). */
export function matchingRights(pairs: MatchingPair[]): string[] {
  return [...new Set(pairs.map((pair) => pair.right))];
}

/**
 * A student's answer checked against the question's key and normalised
 * (a numeric "3,14" becomes 3.14, an essay stays as typed), or null when it
 * has the wrong shape for the kind: an unknown option, a repeated option,
 * a matching list of the wrong length, an order that is not the items'.
 */
export function parseAnswer(key: QuestionKey, answer: unknown): QuestionAnswer | null {
  if (!isRecord(answer)) return null;
  switch (key.kind) {
    case 'single': {
      if (!onlyKeys(answer, 'optionId') || typeof answer.optionId !== 'string') return null;
      return key.options.some((option) => option.id === answer.optionId)
        ? { optionId: answer.optionId }
        : null;
    }
    case 'multiple': {
      const ids = answer.optionIds;
      if (!onlyKeys(answer, 'optionIds') || !Array.isArray(ids)) return null;
      if (ids.length > key.options.length) return null;
      if (!ids.every((id) => typeof id === 'string' && key.options.some((o) => o.id === id)))
        return null;
      if (new Set(ids).size !== ids.length) return null;
      return { optionIds: ids as string[] };
    }
    case 'truefalse':
      return onlyKeys(answer, 'value') && typeof answer.value === 'boolean'
        ? { value: answer.value }
        : null;
    case 'short':
      return onlyKeys(answer, 'text') &&
        typeof answer.text === 'string' &&
        answer.text.length <= QUIZ_LIMITS.accepted.length * 5
        ? { text: answer.text }
        : null;
    case 'essay':
      return onlyKeys(answer, 'text') &&
        typeof answer.text === 'string' &&
        answer.text.length <= QUIZ_LIMITS.essay
        ? { text: answer.text }
        : null;
    case 'numeric': {
      if (!onlyKeys(answer, 'value')) return null;
      const value = parseNumber(answer.value);
      return value === null ? null : { value };
    }
    case 'matching': {
      const matches = answer.matches;
      if (!onlyKeys(answer, 'matches') || !Array.isArray(matches)) return null;
      if (matches.length !== key.pairs.length) return null;
      const rights = matchingRights(key.pairs);
      if (
        !matches.every(
          (match) => match === null || (typeof match === 'string' && rights.includes(match)),
        )
      )
        return null;
      return { matches: matches as (string | null)[] };
    }
    case 'ordering': {
      const order = answer.order;
      if (!onlyKeys(answer, 'order') || !Array.isArray(order)) return null;
      if (order.length !== key.items.length) return null;
      const rest = [...key.items];
      for (const item of order) {
        const index = typeof item === 'string' ? rest.indexOf(item) : -1;
        if (index < 0) return null;
        rest.splice(index, 1);
      }
      return { order: order as string[] };
    }
  }
}

// ---------------------------------------------------------------- scoring

/** Points rounded to 2 decimals (section 14), without 0.1 + 0.2 surprises. */
export function roundPoints(points: number): number {
  return Math.round((points + Number.EPSILON) * 100) / 100;
}

const clampPercent = (percent: number) => Math.min(100, Math.max(0, percent));

/** Tolerance comparisons forgive floating-point noise (0.1 + 0.2 is within 0 of 0.3). */
const within = (answer: number, value: number, tolerance: number) =>
  Math.abs(answer - value) <= tolerance + 1e-9 * Math.max(1, Math.abs(value));

/**
 * The share of a question's points (0..100 %) an answer earns, by section
 * 14's table and its partial credit; null for an essay (the author grades
 * it) and for an answer of the wrong shape. No answer earns 0.
 */
export function answerPercent(key: QuestionKey, answer: unknown): number | null {
  if (key.kind === 'essay') return null;
  if (answer === null || answer === undefined) return 0;
  const parsed = parseAnswer(key, answer);
  if (parsed === null) return null;
  switch (key.kind) {
    case 'single': {
      const { optionId } = parsed as AnswerOf['single'];
      return clampPercent(optionCredits(key).get(optionId) ?? 0);
    }
    case 'multiple': {
      const { optionIds } = parsed as AnswerOf['multiple'];
      const credits = optionCredits(key);
      return clampPercent(optionIds.reduce((sum, id) => sum + (credits.get(id) ?? 0), 0));
    }
    case 'truefalse':
      return (parsed as AnswerOf['truefalse']).value === key.correct ? 100 : 0;
    case 'short': {
      const text = normaliseShortAnswer((parsed as AnswerOf['short']).text);
      if (text === '') return 0;
      const credits = key.accepted
        .filter((entry) => normaliseShortAnswer(acceptedText(entry)) === text)
        .map(acceptedCredit);
      return clampPercent(Math.max(0, ...credits));
    }
    case 'numeric': {
      const { value } = parsed as AnswerOf['numeric'];
      const entries = [
        { value: key.value, tolerance: key.tolerance, credit: 100 },
        ...(key.alternatives ?? []),
      ];
      const credits = entries
        .filter((entry) => within(value, entry.value, entry.tolerance))
        .map((entry) => entry.credit);
      return clampPercent(Math.max(0, ...credits));
    }
    case 'matching': {
      const { matches } = parsed as AnswerOf['matching'];
      const right = key.pairs.filter((pair, index) => matches[index] === pair.right).length;
      return (100 * right) / key.pairs.length;
    }
    case 'ordering': {
      const { order } = parsed as AnswerOf['ordering'];
      const inPlace = key.items.filter((item, index) => order[index] === item).length;
      return (100 * inPlace) / key.items.length;
    }
  }
}

/** The points an answer earns: `points` × its share, rounded to 2 decimals; null for an essay. */
export function scoreAnswer(key: QuestionKey, points: number, answer: unknown): number | null {
  const percent = answerPercent(key, answer);
  return percent === null ? null : roundPoints((points * percent) / 100);
}

/**
 * An answer that earns full points, in the answer's shape (what review
 * shows as `correct`); null for an essay. For `single` with several right
 * options, the first; for `short`, the first full-credit entry.
 */
export function fullAnswer(key: QuestionKey): QuestionAnswer | null {
  switch (key.kind) {
    case 'single': {
      const credits = optionCredits(key);
      const best = key.options.find((option) => (credits.get(option.id) ?? 0) >= 100);
      return { optionId: (best ?? key.options[0]!).id };
    }
    case 'multiple': {
      const credits = optionCredits(key);
      return {
        optionIds: key.options
          .filter((option) => (credits.get(option.id) ?? 0) > 0)
          .map((option) => option.id),
      };
    }
    case 'truefalse':
      return { value: key.correct };
    case 'short': {
      const best = key.accepted.find((entry) => acceptedCredit(entry) >= 100) ?? key.accepted[0]!;
      return { text: acceptedText(best) };
    }
    case 'numeric':
      return { value: key.value };
    case 'matching':
      return { matches: key.pairs.map((pair) => pair.right) };
    case 'ordering':
      return { order: [...key.items] };
    case 'essay':
      return null;
  }
}

/**
 * The points of a quiz for the gradebook from its attempts' scores, by its
 * `grading`: the highest, the last (by start) or the average (2 decimals).
 * Each score is already scaled to the quiz's maxPoints. Null when none.
 */
export function gradeOfAttempts(grading: QuizGrading, scores: number[]): number | null {
  if (scores.length === 0) return null;
  if (grading === 'highest') return Math.max(...scores);
  if (grading === 'last') return scores[scores.length - 1]!;
  return roundPoints(scores.reduce((a, b) => a + b, 0) / scores.length);
}
