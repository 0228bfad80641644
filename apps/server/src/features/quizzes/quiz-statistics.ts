/**
 * A quiz's item statistics for its author (section 14's `statistics`), from
 * its submitted attempts: a pure function of the attempts the service reads.
 * Classical test theory, as Moodle's quiz statistics report it; thresholds
 * and the choices where attempts differ (random draws, essays not graded yet)
 * are in docs/decisions.md, "Quiz statistics".
 */
import type { QuestionKind } from '@urok/contract';
import type { QuizStatistics } from '@urok/contract/schemas';

export interface StatisticsAttempt {
  /** The attempt's score, on the quiz's `maxPoints`. */
  score: number;
  questions: {
    questionId: string;
    kind: QuestionKind;
    points: number;
    /** Null while an essay waits for its grade: left out of that question's figures. */
    score: number | null;
    /** The answer given, in a form equal answers share (an option's text, a number…); null when none. */
    answer: string | null;
  }[];
}

export interface StatisticsInput {
  maxPoints: number;
  attempts: readonly StatisticsAttempt[];
  /** The quiz's questions in its order, with the start of each text; others follow as first seen. */
  questions?: readonly { questionId: string; kind: QuestionKind; title: string }[];
}

/** Facility at or below / at or above these: a question almost nobody / everybody gets right. */
export const FACILITY_FLAG = { low: 0.05, high: 0.95 } as const;
/** Discrimination below this is weak (Ebel's "poor": below 0.2); judged from this many attempts on. */
export const DISCRIMINATION_FLAG = { below: 0.2, minAttempts: 5 } as const;
/** The most frequent answers kept per question (short answers can be as many as attempts). */
export const ANSWERS_SHOWN = 20;
const BANDS = 10;

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
};
const orNull = (value: number | null, decimals: number) =>
  value === null || !Number.isFinite(value) ? null : round(value, decimals);

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** The sample variance (n − 1), null below two values. */
function variance(values: readonly number[]): number | null {
  const m = mean(values);
  if (m === null || values.length < 2) return null;
  let sum = 0;
  for (const value of values) sum += (value - m) ** 2;
  return sum / (values.length - 1);
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Pearson's correlation, null below two pairs or when either side does not vary. */
function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const mx = mean(xs)!;
  const my = mean(ys)!;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  // A side that does not vary (up to rounding noise) has no correlation to speak of.
  const tiny = 1e-12;
  if (sxx <= tiny * Math.max(1, mx * mx) || syy <= tiny * Math.max(1, my * my)) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/**
 * Cronbach's alpha over the questions every attempt had: k / (k − 1) ×
 * (1 − Σ item variances / variance of the totals). Null when attempts had
 * different questions (a random draw), below two attempts or two questions,
 * or when the totals do not vary.
 */
function cronbachAlpha(attempts: readonly StatisticsAttempt[]): number | null {
  const complete = attempts.filter((a) => a.questions.every((q) => q.score !== null));
  if (complete.length < 2) return null;
  const ids = complete[0]!.questions.map((q) => q.questionId).sort();
  const k = ids.length;
  if (k < 2) return null;
  const columns = new Map(ids.map((id) => [id, [] as number[]]));
  const totals: number[] = [];
  for (const attempt of complete) {
    if (attempt.questions.length !== k) return null;
    let total = 0;
    for (const question of attempt.questions) {
      const column = columns.get(question.questionId);
      if (column === undefined || column.length === totals.length + 1) return null;
      column.push(question.score!);
      total += question.score!;
    }
    totals.push(total);
  }
  const totalVariance = variance(totals)!;
  if (totalVariance <= 1e-12) return null;
  let itemVariances = 0;
  for (const column of columns.values()) itemVariances += variance(column)!;
  return (k / (k - 1)) * (1 - itemVariances / totalVariance);
}

/** Scores in ten bands of the maximum; a score on a boundary counts in the band above, the maximum in the last. */
function histogram(scores: readonly number[], maxPoints: number): QuizStatistics['histogram'] {
  const width = maxPoints / BANDS;
  const bands = Array.from({ length: BANDS }, (_, i) => ({
    from: round(i * width, 2),
    to: round((i + 1) * width, 2),
    count: 0,
  }));
  for (const score of scores) {
    const share = maxPoints > 0 ? score / maxPoints : 0;
    const band = Math.min(BANDS - 1, Math.max(0, Math.floor(share * BANDS + 1e-9)));
    bands[band]!.count++;
  }
  return bands;
}

interface QuestionFigures {
  kind: QuestionKind;
  /** Each graded appearance: its share of the question's points, its score, and the rest of its attempt's. */
  shares: number[];
  scores: number[];
  rests: number[];
  answers: Map<string, number>;
}

export function computeQuizStatistics(input: StatisticsInput): QuizStatistics {
  const { attempts, maxPoints } = input;
  const titles = new Map(input.questions?.map((q) => [q.questionId, q.title]));
  const figures = new Map<string, QuestionFigures>();
  for (const { questionId, kind } of input.questions ?? [])
    figures.set(questionId, { kind, shares: [], scores: [], rests: [], answers: new Map() });

  for (const attempt of attempts) {
    let itemTotal = 0;
    for (const question of attempt.questions) itemTotal += question.score ?? 0;
    for (const question of attempt.questions) {
      let entry = figures.get(question.questionId);
      if (entry === undefined) {
        entry = { kind: question.kind, shares: [], scores: [], rests: [], answers: new Map() };
        figures.set(question.questionId, entry);
      }
      if (question.score === null) continue;
      entry.shares.push(question.points > 0 ? question.score / question.points : 0);
      entry.scores.push(question.score);
      entry.rests.push(itemTotal - question.score);
      if (question.answer !== null && question.kind !== 'essay')
        entry.answers.set(question.answer, (entry.answers.get(question.answer) ?? 0) + 1);
    }
  }

  const scores = attempts.map((attempt) => attempt.score);
  const sampleVariance = variance(scores);
  return {
    attempts: attempts.length,
    maxPoints,
    mean: orNull(mean(scores), 2),
    median: orNull(median(scores), 2),
    stdev: orNull(sampleVariance === null ? null : Math.sqrt(sampleVariance), 2),
    alpha: orNull(cronbachAlpha(attempts), 3),
    histogram: histogram(scores, maxPoints),
    questions: [...figures].map(([questionId, entry]) => {
      const facility = orNull(mean(entry.shares), 3);
      const discrimination = orNull(correlation(entry.scores, entry.rests), 3);
      const judged = entry.scores.length >= DISCRIMINATION_FLAG.minAttempts;
      const flagged =
        (facility !== null && (facility <= FACILITY_FLAG.low || facility >= FACILITY_FLAG.high)) ||
        (judged && (discrimination === null || discrimination < DISCRIMINATION_FLAG.below));
      const answers = [...entry.answers]
        .map(([answer, count]) => ({ answer, count }))
        .sort(
          (a, b) => b.count - a.count || (a.answer < b.answer ? -1 : a.answer > b.answer ? 1 : 0),
        )
        .slice(0, ANSWERS_SHOWN);
      return {
        questionId,
        kind: entry.kind,
        title: titles.get(questionId) ?? '',
        attempts: entry.scores.length,
        facility,
        discrimination,
        flagged,
        answers,
      };
    }),
  };
}
