import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  answerPercent,
  fullAnswer,
  gradeOfAttempts,
  normaliseShortAnswer,
  parseAnswer,
  parseNumber,
  questionKeyProblem,
  roundPoints,
  scoreAnswer,
  type QuestionKey,
} from './quizzes.ts';
import { createQuizBodySchema, questionBodySchema } from './schemas/quizzes.ts';

const doc = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Q' }] }],
};
const abcd = ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `Option ${id}` }));

/** The first message of a schema's refusal, or null when it accepts. */
function refusal(body: unknown): string | null {
  const result = questionBodySchema.safeParse(body);
  return result.success ? null : result.error.issues[0]!.message;
}

describe('scoring by kind', () => {
  it('single: all or nothing; any option in `correct` is fully right', () => {
    const key: QuestionKey = { kind: 'single', options: abcd, correct: ['b', 'c'] };
    expect(scoreAnswer(key, 2, { optionId: 'b' })).toBe(2);
    expect(scoreAnswer(key, 2, { optionId: 'c' })).toBe(2);
    expect(scoreAnswer(key, 2, { optionId: 'a' })).toBe(0);
    expect(scoreAnswer(key, 2, null)).toBe(0);
  });

  it('single with credits: the chosen option’s credit, never below 0', () => {
    const key: QuestionKey = {
      kind: 'single',
      options: [
        { id: 'a', text: 'a', credit: 100 },
        { id: 'b', text: 'b', credit: 50 },
        { id: 'c', text: 'c', credit: -50 },
      ],
      correct: ['a', 'b'],
    };
    expect(scoreAnswer(key, 3, { optionId: 'b' })).toBe(1.5);
    expect(scoreAnswer(key, 3, { optionId: 'c' })).toBe(0);
  });

  it('multiple: points × max(0, (right chosen − wrong chosen) / right options)', () => {
    const key: QuestionKey = { kind: 'multiple', options: abcd, correct: ['a', 'b', 'c'] };
    expect(scoreAnswer(key, 3, { optionIds: ['a', 'b', 'c'] })).toBe(3);
    expect(scoreAnswer(key, 3, { optionIds: ['a', 'b'] })).toBe(2);
    expect(scoreAnswer(key, 3, { optionIds: ['a', 'b', 'd'] })).toBe(1);
    expect(scoreAnswer(key, 3, { optionIds: ['a', 'd'] })).toBe(0);
    expect(scoreAnswer(key, 3, { optionIds: ['d'] })).toBe(0);
    expect(scoreAnswer(key, 3, { optionIds: [] })).toBe(0);
    // everything chosen: 3 right − 1 wrong
    expect(scoreAnswer(key, 3, { optionIds: ['a', 'b', 'c', 'd'] })).toBe(2);
    expect(scoreAnswer(key, 1, { optionIds: ['a'] })).toBe(0.33);
  });

  it('multiple with credits: the sum of the chosen credits, within 0..100', () => {
    const key: QuestionKey = {
      kind: 'multiple',
      options: [
        { id: 'a', text: 'a', credit: 50 },
        { id: 'b', text: 'b', credit: 50 },
        { id: 'c', text: 'c', credit: -100 },
        { id: 'd', text: 'd', credit: 0 },
      ],
      correct: ['a', 'b'],
    };
    expect(scoreAnswer(key, 4, { optionIds: ['a'] })).toBe(2);
    expect(scoreAnswer(key, 4, { optionIds: ['a', 'd'] })).toBe(2);
    expect(scoreAnswer(key, 4, { optionIds: ['a', 'c'] })).toBe(0);
    expect(scoreAnswer(key, 4, { optionIds: ['a', 'b', 'd'] })).toBe(4);
  });

  it('truefalse', () => {
    const key: QuestionKey = { kind: 'truefalse', correct: false };
    expect(scoreAnswer(key, 1, { value: false })).toBe(1);
    expect(scoreAnswer(key, 1, { value: true })).toBe(0);
  });

  it('short: trimmed, case-insensitive, inner spaces collapsed, apostrophes as one', () => {
    const key: QuestionKey = { kind: 'short', accepted: ["м'ята", 'Kyiv city'] };
    expect(scoreAnswer(key, 1, { text: '  М’ЯТА ' })).toBe(1);
    expect(scoreAnswer(key, 1, { text: 'мʼята' })).toBe(1);
    expect(scoreAnswer(key, 1, { text: "м'ята" })).toBe(1);
    expect(scoreAnswer(key, 1, { text: 'kyiv   CITY' })).toBe(1);
    expect(scoreAnswer(key, 1, { text: 'kyivcity' })).toBe(0);
    expect(scoreAnswer(key, 1, { text: '' })).toBe(0);
    expect(normaliseShortAnswer(' A\t b ')).toBe('a b');
  });

  it('short with credits: the best credit among the entries it matches', () => {
    const key: QuestionKey = {
      kind: 'short',
      accepted: ['Шевченко', { text: 'Тарас', credit: 50 }],
    };
    expect(scoreAnswer(key, 2, { text: 'тарас' })).toBe(1);
    expect(scoreAnswer(key, 2, { text: 'шевченко' })).toBe(2);
  });

  it('numeric: within the tolerance, "3,14" accepted, alternatives with credit', () => {
    const key: QuestionKey = {
      kind: 'numeric',
      value: 3.14,
      tolerance: 0.01,
      alternatives: [{ value: 3, tolerance: 0.5, credit: 50 }],
    };
    expect(scoreAnswer(key, 2, { value: 3.15 })).toBe(2);
    expect(scoreAnswer(key, 2, { value: '3,13' })).toBe(2);
    expect(scoreAnswer(key, 2, { value: 3.2 })).toBe(1);
    expect(scoreAnswer(key, 2, { value: 4 })).toBe(0);
    expect(
      scoreAnswer({ kind: 'numeric', value: 0.3, tolerance: 0 }, 1, { value: 0.1 + 0.2 }),
    ).toBe(1);
    expect(parseNumber(' -2,5 ')).toBe(-2.5);
    expect(parseNumber('abc')).toBeNull();
    expect(parseNumber('1e400')).toBeNull();
  });

  it('matching: points × right matches / pairs', () => {
    const key: QuestionKey = {
      kind: 'matching',
      pairs: [
        { left: 'Київ', right: 'Україна' },
        { left: 'Варшава', right: 'Польща' },
        { left: 'Прага', right: 'Чехія' },
        { left: 'Рим', right: 'Італія' },
      ],
    };
    expect(scoreAnswer(key, 4, { matches: ['Україна', 'Польща', 'Чехія', 'Італія'] })).toBe(4);
    expect(scoreAnswer(key, 4, { matches: ['Україна', 'Чехія', 'Польща', null] })).toBe(1);
    expect(scoreAnswer(key, 4, { matches: ['Україна', 'Польща'] })).toBeNull();
  });

  it('ordering: points × items in their place / items', () => {
    const key: QuestionKey = { kind: 'ordering', items: ['1', '2', '3', '4'] };
    expect(scoreAnswer(key, 2, { order: ['1', '2', '3', '4'] })).toBe(2);
    expect(scoreAnswer(key, 2, { order: ['1', '2', '4', '3'] })).toBe(1);
    expect(scoreAnswer(key, 2, { order: ['4', '3', '2', '1'] })).toBe(0);
    expect(scoreAnswer(key, 2, { order: ['1', '1', '2', '3'] })).toBeNull();
  });

  it('essay: no automatic score', () => {
    expect(scoreAnswer({ kind: 'essay' }, 5, { text: 'Есе' })).toBeNull();
    expect(answerPercent({ kind: 'essay' }, null)).toBeNull();
  });

  it('rounds to 2 decimals', () => {
    expect(roundPoints(1.005)).toBe(1.01);
    expect(roundPoints(2 / 3)).toBe(0.67);
  });
});

describe('answer shapes', () => {
  it('refuses the wrong shape for each kind', () => {
    const single: QuestionKey = { kind: 'single', options: abcd, correct: ['a'] };
    expect(parseAnswer(single, { optionId: 'z' })).toBeNull();
    expect(parseAnswer(single, { optionIds: ['a'] })).toBeNull();
    expect(parseAnswer(single, { optionId: 'a', extra: 1 })).toBeNull();
    const multiple: QuestionKey = { kind: 'multiple', options: abcd, correct: ['a'] };
    expect(parseAnswer(multiple, { optionIds: ['a', 'a'] })).toBeNull();
    expect(parseAnswer(multiple, { optionIds: 'a' })).toBeNull();
    expect(parseAnswer({ kind: 'truefalse', correct: true }, { value: 'true' })).toBeNull();
    expect(parseAnswer({ kind: 'short', accepted: ['x'] }, { text: 5 })).toBeNull();
    expect(parseAnswer({ kind: 'numeric', value: 1, tolerance: 0 }, { value: 'один' })).toBeNull();
    expect(parseAnswer({ kind: 'essay' }, { text: 'x'.repeat(20_001) })).toBeNull();
    expect(parseAnswer({ kind: 'essay' }, { text: 'x'.repeat(20_000) })).not.toBeNull();
    expect(parseAnswer({ kind: 'ordering', items: ['a', 'b'] }, { order: ['a', 'c'] })).toBeNull();
    expect(parseAnswer(single, 'a')).toBeNull();
  });

  it('normalises a numeric answer', () => {
    expect(parseAnswer({ kind: 'numeric', value: 1, tolerance: 0 }, { value: '3,5' })).toEqual({
      value: 3.5,
    });
  });

  it('a full answer scores full points for every kind but essay', () => {
    const keys: QuestionKey[] = [
      { kind: 'single', options: abcd, correct: ['c'] },
      { kind: 'multiple', options: abcd, correct: ['a', 'd'] },
      { kind: 'truefalse', correct: true },
      { kind: 'short', accepted: [{ text: 'half', credit: 50 }, 'full'] },
      { kind: 'numeric', value: 7, tolerance: 0 },
      {
        kind: 'matching',
        pairs: [
          { left: 'a', right: '1' },
          { left: 'b', right: '2' },
        ],
      },
      { kind: 'ordering', items: ['x', 'y', 'z'] },
    ];
    for (const key of keys) expect(scoreAnswer(key, 3, fullAnswer(key))).toBe(3);
    expect(fullAnswer({ kind: 'essay' })).toBeNull();
  });
});

describe('grading of several attempts', () => {
  it('highest, last, average', () => {
    expect(gradeOfAttempts('highest', [3, 9, 6])).toBe(9);
    expect(gradeOfAttempts('last', [3, 9, 6])).toBe(6);
    expect(gradeOfAttempts('average', [3, 9, 7])).toBe(6.33);
    expect(gradeOfAttempts('average', [])).toBeNull();
  });
});

describe('question schema and key validation', () => {
  const base = { text: doc };

  it('accepts a question of each kind, with defaults', () => {
    const bodies = [
      { kind: 'single', options: abcd, correct: ['a'] },
      { kind: 'multiple', options: abcd, correct: ['a', 'b'] },
      { kind: 'truefalse', correct: true },
      { kind: 'short', accepted: ['Київ'] },
      { kind: 'numeric', value: 9.81, tolerance: 0.01 },
      {
        kind: 'matching',
        pairs: [
          { left: 'a', right: '1' },
          { left: 'b', right: '1' },
        ],
      },
      { kind: 'ordering', items: ['a', 'b', 'c'] },
      { kind: 'essay' },
    ];
    for (const body of bodies) {
      const parsed = questionBodySchema.parse({ ...base, ...body });
      expect(parsed.points).toBe(1);
      expect(parsed.tags).toEqual([]);
      expect(parsed.explanation).toBeNull();
    }
  });

  it('refuses a key that cannot be answered, with a Ukrainian message', () => {
    const cases: [unknown, string][] = [
      [{ kind: 'single', options: abcd, correct: [] }, messages.questionNoCorrect],
      [{ kind: 'single', options: abcd, correct: ['z'] }, messages.questionCorrectUnknown],
      [
        { kind: 'single', options: abcd.slice(0, 1), correct: ['a'] },
        messages.questionOptionsCount,
      ],
      [
        { kind: 'single', options: [...abcd, { id: 'e', text: 'option A' }], correct: ['a'] },
        messages.questionOptionDuplicate,
      ],
      [
        { kind: 'multiple', options: [...abcd, { id: 'a', text: 'other' }], correct: ['a'] },
        messages.questionOptionIdDuplicate,
      ],
      [
        {
          kind: 'single',
          options: [
            { id: 'a', text: 'a', credit: 50 },
            { id: 'b', text: 'b' },
          ],
          correct: ['a'],
        },
        messages.questionSingleNoFull,
      ],
      [
        {
          kind: 'multiple',
          options: [
            { id: 'a', text: 'a', credit: 50 },
            { id: 'b', text: 'b', credit: 30 },
            { id: 'c', text: 'c' },
          ],
          correct: ['a', 'b'],
        },
        messages.questionMultipleNotFull,
      ],
      [
        {
          kind: 'multiple',
          options: [
            { id: 'a', text: 'a', credit: 100 },
            { id: 'b', text: 'b', credit: 0 },
          ],
          correct: ['a', 'b'],
        },
        messages.questionCreditMismatch,
      ],
      [
        {
          kind: 'single',
          options: [
            { id: 'a', text: 'a', credit: 120 },
            { id: 'b', text: 'b' },
          ],
          correct: ['a'],
        },
        messages.questionCreditInvalid,
      ],
      [{ kind: 'truefalse', correct: 'так' }, messages.questionTrueFalseInvalid],
      [{ kind: 'short', accepted: [] }, messages.questionAcceptedCount],
      [{ kind: 'short', accepted: ['Київ', ' київ '] }, messages.questionAcceptedDuplicate],
      [{ kind: 'short', accepted: [{ text: 'x', credit: 50 }] }, messages.questionAcceptedNoFull],
      [{ kind: 'short', accepted: ['  '] }, messages.questionAcceptedInvalid],
      [{ kind: 'numeric', value: 1, tolerance: -1 }, messages.questionNumericInvalid],
      [{ kind: 'numeric', value: 'один' }, messages.questionNumericInvalid],
      [{ kind: 'matching', pairs: [{ left: 'a', right: '1' }] }, messages.questionPairsCount],
      [
        {
          kind: 'matching',
          pairs: [
            { left: 'a', right: '1' },
            { left: 'A', right: '2' },
          ],
        },
        messages.questionPairDuplicate,
      ],
      [{ kind: 'ordering', items: ['a'] }, messages.questionItemsCount],
      [{ kind: 'ordering', items: ['a', 'a'] }, messages.questionItemDuplicate],
      [{ kind: 'riddle' }, messages.questionKindInvalid],
      [{ kind: 'essay', points: 0 }, messages.questionPointsInvalid],
      [{ kind: 'essay', points: 101 }, messages.questionPointsInvalid],
      [{ kind: 'essay', tags: ['x'.repeat(41)] }, messages.questionTagsInvalid],
      [
        { kind: 'essay', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
        messages.questionTagsInvalid,
      ],
    ];
    for (const [body, message] of cases) {
      expect(refusal({ ...base, ...(body as object) }), JSON.stringify(body)).toBe(message);
    }
    expect(refusal({ ...base, kind: 'truefalse', correct: true, accepted: ['x'] })).toContain(
      messages.questionKeyNotAllowed,
    );
  });

  it('every key problem is Ukrainian', () => {
    const problem = questionKeyProblem({ kind: 'short', accepted: [] });
    expect(problem).toMatch(/[а-яіїєґ]/i);
  });

  it('a quiz that closes before it opens is refused', () => {
    const result = createQuizBodySchema.safeParse({
      sectionId: 's',
      title: 'Тест',
      opensAt: '2026-12-02T10:00:00Z',
      closesAt: '2026-12-01T10:00:00Z',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(messages.quizDatesOrder);
  });
});
