// Quiz statistics (features/quizzes/quiz-statistics.ts) against figures computed by hand.
import { describe, expect, it } from 'vitest';
import type { QuestionKind } from '@urok/contract';
import {
  computeQuizStatistics,
  type StatisticsAttempt,
} from '../src/features/quizzes/quiz-statistics.ts';

type Item = [
  id: string,
  kind: QuestionKind,
  points: number,
  score: number | null,
  answer: string | null,
];
const attempt = (...items: Item[]): StatisticsAttempt => ({
  score: items.reduce((sum, [, , , score]) => sum + (score ?? 0), 0),
  questions: items.map(([questionId, kind, points, score, answer]) => ({
    questionId,
    kind,
    points,
    score,
    answer,
  })),
});

/** Every number of a result: none may be NaN or infinite (JSON would carry null or fail). */
function numbers(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbers);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(numbers);
  return [];
}

describe('quiz statistics', () => {
  it('match a small data set computed by hand', () => {
    // Four attempts of three questions: q1 single (1 point), q2 short (2), q3 essay (1).
    //
    //            q1  q2  q3  total
    //   A         1   2   1    4
    //   B         1   1   0    2
    //   C         0   2   1    3
    //   D         0   0   0    0
    //
    // Totals: mean 9/4 = 2.25; median (2 + 3) / 2 = 2.5; deviations 1.75, −0.25, 0.75, −2.25,
    // squares 3.0625 + 0.0625 + 0.5625 + 5.0625 = 8.75; sample variance 8.75 / 3 = 2.91667,
    // stdev 1.70783 → 1.71.
    // Item variances (n − 1): q1 1/3, q2 (0.5625 + 0.0625 + 0.5625 + 1.5625) / 3 = 2.75/3,
    // q3 1/3; sum 4.75/3 = 19/12; total variance 35/12.
    // Alpha = 3/2 × (1 − 19/35) = 24/35 = 0.685714 → 0.686.
    // Facility = mean score / points: q1 0.5, q2 1.25/2 = 0.625, q3 0.5.
    // Discrimination = corr(score, rest of the attempt):
    //   q1: x 1,1,0,0  rest 3,1,3,0: Σdxdy 0.5, Σdx² 1, Σdy² 6.75 → 0.5/√6.75 = 0.19245 → 0.192
    //   q2: x 2,1,2,0  rest 2,1,1,0: Σdxdy 2, Σdx² 2.75, Σdy² 2 → 2/√5.5 = 0.85280 → 0.853
    //   q3: x 1,0,1,0  rest 3,2,2,0: Σdxdy 1.5, Σdx² 1, Σdy² 4.75 → 1.5/√4.75 = 0.68825 → 0.688
    // Histogram of 4 points in bands of 0.4: 0 → band 0, 2 → band 5, 3 → band 7, 4 → band 9.
    const attempts = [
      attempt(
        ['q1', 'single', 1, 1, 'Київ'],
        ['q2', 'short', 2, 2, 'шевченко'],
        ['q3', 'essay', 1, 1, 'Твір А'],
      ),
      attempt(
        ['q1', 'single', 1, 1, 'Київ'],
        ['q2', 'short', 2, 1, 'т. шевченко'],
        ['q3', 'essay', 1, 0, 'Твір Б'],
      ),
      attempt(
        ['q1', 'single', 1, 0, 'Львів'],
        ['q2', 'short', 2, 2, 'шевченко'],
        ['q3', 'essay', 1, 1, 'Твір В'],
      ),
      attempt(
        ['q1', 'single', 1, 0, null],
        ['q2', 'short', 2, 0, 'франко'],
        ['q3', 'essay', 1, 0, null],
      ),
    ];
    const statistics = computeQuizStatistics({
      maxPoints: 4,
      attempts,
      questions: [
        { questionId: 'q1', kind: 'single', title: 'Столиця?' },
        { questionId: 'q2', kind: 'short', title: 'Автор «Кобзаря»?' },
        { questionId: 'q3', kind: 'essay', title: 'Твір' },
      ],
    });
    expect(statistics).toEqual({
      attempts: 4,
      maxPoints: 4,
      mean: 2.25,
      median: 2.5,
      stdev: 1.71,
      alpha: 0.686,
      histogram: [0, 0.4, 0.8, 1.2, 1.6, 2, 2.4, 2.8, 3.2, 3.6].map((from, i) => ({
        from,
        to: [0.4, 0.8, 1.2, 1.6, 2, 2.4, 2.8, 3.2, 3.6, 4][i],
        count: [1, 0, 0, 0, 0, 1, 0, 1, 0, 1][i],
      })),
      questions: [
        {
          questionId: 'q1',
          kind: 'single',
          title: 'Столиця?',
          attempts: 4,
          facility: 0.5,
          discrimination: 0.192,
          flagged: false,
          answers: [
            { answer: 'Київ', count: 2 },
            { answer: 'Львів', count: 1 },
          ],
        },
        {
          questionId: 'q2',
          kind: 'short',
          title: 'Автор «Кобзаря»?',
          attempts: 4,
          facility: 0.625,
          discrimination: 0.853,
          flagged: false,
          answers: [
            { answer: 'шевченко', count: 2 },
            { answer: 'т. шевченко', count: 1 },
            { answer: 'франко', count: 1 },
          ],
        },
        {
          questionId: 'q3',
          kind: 'essay',
          title: 'Твір',
          attempts: 4,
          facility: 0.5,
          discrimination: 0.688,
          flagged: false,
          // An essay's answers are texts of their own: none is counted.
          answers: [],
        },
      ],
    });
  });

  it('no attempts: counts of zero, every figure null, never NaN', () => {
    const statistics = computeQuizStatistics({
      maxPoints: 10,
      attempts: [],
      questions: [{ questionId: 'q1', kind: 'numeric', title: 'g?' }],
    });
    expect(statistics).toMatchObject({
      attempts: 0,
      mean: null,
      median: null,
      stdev: null,
      alpha: null,
    });
    expect(statistics.histogram.map((band) => band.count)).toEqual(Array(10).fill(0));
    expect(statistics.questions).toEqual([
      {
        questionId: 'q1',
        kind: 'numeric',
        title: 'g?',
        attempts: 0,
        facility: null,
        discrimination: null,
        flagged: false,
        answers: [],
      },
    ]);
    expect(numbers(statistics).every(Number.isFinite)).toBe(true);
  });

  it('one attempt: its score is the mean and the median; spread, alpha and discrimination are null', () => {
    const statistics = computeQuizStatistics({
      maxPoints: 2,
      attempts: [attempt(['q1', 'truefalse', 1, 1, 'true'], ['q2', 'truefalse', 1, 0, 'true'])],
    });
    expect(statistics).toMatchObject({ attempts: 1, mean: 1, median: 1, stdev: null, alpha: null });
    expect(statistics.questions.map((q) => [q.questionId, q.facility, q.discrimination])).toEqual([
      ['q1', 1, null],
      ['q2', 0, null],
    ]);
    expect(statistics.histogram[5]!.count).toBe(1);
    expect(numbers(statistics).every(Number.isFinite)).toBe(true);
  });

  it('zero variance: everyone with the same answers gives null alpha and discrimination, not NaN', () => {
    const same = () => attempt(['q1', 'single', 1, 1, 'a'], ['q2', 'single', 1, 0, 'b']);
    const statistics = computeQuizStatistics({ maxPoints: 2, attempts: [same(), same(), same()] });
    expect(statistics).toMatchObject({ mean: 1, median: 1, stdev: 0, alpha: null });
    expect(statistics.questions.map((q) => q.discrimination)).toEqual([null, null]);
    expect(numbers(statistics).every(Number.isFinite)).toBe(true);
    expect(JSON.parse(JSON.stringify(statistics))).toEqual(statistics);
  });

  it('flags a question almost nobody or everybody gets right, and one that does not discriminate', () => {
    // Ten attempts, the i-th right on `good` from i = 5, on `other` from 3, on `more` from 4,
    // on `inverse` below 5. Totals 2, 2, 2, 3, 4, 4, 4, 4, 4, 4. `good` against the rest of its
    // attempts (2, 2, 2, 3, 4, 3, 3, 3, 3, 3): Σdxdy 1, Σdx² 2.5, Σdy² 3.6 → 1/√9 = 0.333;
    // `inverse` goes against the rest; `easy` and `hard` have facility 1 and 0.
    const attempts = Array.from({ length: 10 }, (_, i) =>
      attempt(
        ['easy', 'truefalse', 1, 1, 'true'],
        ['hard', 'numeric', 1, 0, '3'],
        ['good', 'single', 1, i >= 5 ? 1 : 0, i >= 5 ? 'a' : 'b'],
        ['other', 'single', 1, i >= 3 ? 1 : 0, i >= 3 ? 'a' : 'b'],
        ['more', 'single', 1, i >= 4 ? 1 : 0, i >= 4 ? 'a' : 'b'],
        ['inverse', 'single', 1, i < 5 ? 1 : 0, i < 5 ? 'a' : 'b'],
      ),
    );
    const questions = computeQuizStatistics({ maxPoints: 6, attempts }).questions;
    expect(questions.map((q) => [q.questionId, q.flagged])).toEqual([
      ['easy', true],
      ['hard', true],
      ['good', false],
      ['other', false],
      ['more', false],
      ['inverse', true],
    ]);
    expect(questions[2]!.discrimination).toBe(0.333);
    expect(questions[5]!.discrimination).toBeLessThan(0);
  });

  it('too few attempts to judge discrimination: only facility flags', () => {
    const attempts = [
      attempt(['q1', 'single', 1, 1, 'a'], ['q2', 'single', 1, 0, 'b']),
      attempt(['q1', 'single', 1, 0, 'b'], ['q2', 'single', 1, 1, 'a']),
    ];
    expect(
      computeQuizStatistics({ maxPoints: 2, attempts }).questions.map((q) => q.flagged),
    ).toEqual([false, false]);
  });

  it('questions drawn at random: per-question figures over the attempts that had them, no alpha', () => {
    const attempts = [
      attempt(['q1', 'single', 1, 1, 'a'], ['q2', 'single', 1, 1, 'a']),
      attempt(['q1', 'single', 1, 0, 'b'], ['q3', 'single', 1, 1, 'a']),
      attempt(['q2', 'single', 1, 0, 'b'], ['q3', 'single', 1, 0, 'b']),
    ];
    const statistics = computeQuizStatistics({ maxPoints: 2, attempts });
    expect(statistics.alpha).toBeNull();
    expect(statistics.questions.map((q) => [q.questionId, q.attempts, q.facility])).toEqual([
      ['q1', 2, 0.5],
      ['q2', 2, 0.5],
      ['q3', 2, 0.5],
    ]);
  });

  it('an essay waiting for its grade is left out of its question and of alpha', () => {
    const attempts = [
      attempt(['q1', 'single', 1, 1, 'a'], ['q2', 'essay', 2, 2, 'x']),
      attempt(['q1', 'single', 1, 0, 'b'], ['q2', 'essay', 2, 1, 'y']),
      attempt(['q1', 'single', 1, 1, 'a'], ['q2', 'essay', 2, null, 'z']),
      attempt(['q1', 'single', 1, 0, 'b'], ['q2', 'essay', 2, 0, 'w']),
    ];
    const statistics = computeQuizStatistics({ maxPoints: 3, attempts });
    expect(statistics.questions.map((q) => [q.questionId, q.attempts, q.facility])).toEqual([
      ['q1', 4, 0.5],
      ['q2', 3, 0.5],
    ]);
    // Alpha of the three graded attempts: q1 1,0,0 (var 1/3), q2 2,1,0 (var 1), totals 3,1,0
    // (mean 4/3, var (25/9 + 1/9 + 16/9) / 2 = 7/3): 2 × (1 − (4/3) / (7/3)) = 2 × 3/7 = 0.857.
    expect(statistics.alpha).toBe(0.857);
  });

  it('keeps the 20 most frequent answers, most frequent first', () => {
    const attempts = Array.from({ length: 30 }, (_, i) =>
      attempt(['q1', 'short', 1, 0, i < 5 ? 'часта' : `відповідь ${String(i).padStart(2, '0')}`]),
    );
    const [question] = computeQuizStatistics({ maxPoints: 1, attempts }).questions;
    expect(question!.answers).toHaveLength(20);
    expect(question!.answers[0]).toEqual({ answer: 'часта', count: 5 });
    expect(question!.answers[1]).toEqual({ answer: 'відповідь 05', count: 1 });
  });
});
