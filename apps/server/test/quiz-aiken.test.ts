// Aiken import (features/quizzes/aiken.ts). quiz-import/moodle-*.aiken.txt are the examples of
// Moodle's Aiken importer tests, as a teacher moving from Moodle would paste them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages, quizImportMessages as m, type LessonDocument } from '@urok/contract';
import { parseAiken } from '../src/features/quizzes/aiken.ts';

const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, 'quiz-import', name), 'utf8');
const doc = (...lines: string[]): LessonDocument => ({
  type: 'doc',
  content: lines.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});
const options = (...texts: string[]) =>
  texts.map((text, i) => ({ id: String.fromCharCode(97 + i), text }));
const single = { kind: 'single', points: 1, tags: [], explanation: null } as const;

describe("Moodle's Aiken examples", () => {
  it('are read as single-choice questions, text kept as written', () => {
    expect(parseAiken(fixture('moodle-questions.aiken.txt'))).toEqual({
      questions: [
        {
          ...single,
          text: doc('The Moodle project was started by:'),
          options: options('Petr Skoda', 'Martin Dougiamas', 'Eloy Lafuente', 'Tim Hunt'),
          correct: ['b'],
        },
        {
          ...single,
          text: doc(
            'Moodle\'s abilities include handling user input that includes <html class="cool"> & images:',
          ),
          options: options('True', 'False'),
          correct: ['a'],
        },
      ],
      errors: [],
    });
  });

  it('errors: each wrong question on the line it starts, the good ones read (no space after ")" too)', () => {
    const { questions, errors } = parseAiken(fixture('moodle-errors.aiken.txt'));
    expect(errors).toEqual([
      { line: 1, message: messages.questionOptionsCount },
      { line: 5, message: m.aikenOptionWithoutQuestion },
      { line: 14, message: m.aikenNoAnswer },
    ]);
    expect(questions).toEqual([
      {
        ...single,
        text: doc('A good question'),
        options: options('Correct', 'Incorrect'),
        correct: ['a'],
      },
      {
        ...single,
        text: doc('A second good question'),
        options: options('Incorrect (No space)', 'Correct (No space)'),
        correct: ['b'],
      },
    ]);
  });
});

describe('Aiken as a Ukrainian teacher writes it', () => {
  it('Cyrillic letters, "A." options, ВІДПОВІДЬ:, a question over two lines, Windows line ends', () => {
    const text = [
      'Хто автор «Кобзаря»?',
      'Оберіть одну відповідь.',
      'А. Іван Франко',
      'Б. Тарас Шевченко',
      'В. Леся Українка',
      'ВІДПОВІДЬ: Б',
      '',
      '2 + 2 = ?',
      'A) 3',
      'B) 4',
      'answer: b',
    ].join('\r\n');
    expect(parseAiken(text)).toEqual({
      questions: [
        {
          ...single,
          text: doc('Хто автор «Кобзаря»?', 'Оберіть одну відповідь.'),
          options: options('Іван Франко', 'Тарас Шевченко', 'Леся Українка'),
          correct: ['b'],
        },
        { ...single, text: doc('2 + 2 = ?'), options: options('3', '4'), correct: ['b'] },
      ],
      errors: [],
    });
  });

  it('an ANSWER letter from the other keyboard that looks the same', () => {
    // Latin options, a Cyrillic "В"; Cyrillic options, a Latin "A".
    expect(parseAiken('Q?\nA) x\nB) y\nANSWER: В').questions[0]).toMatchObject({ correct: ['b'] });
    expect(parseAiken('Q?\nА) x\nБ) y\nANSWER: A').questions[0]).toMatchObject({ correct: ['a'] });
  });

  it.each([
    ['no options', 'Q?\nANSWER: A', m.aikenNoOptions],
    ['an unknown letter', 'Q?\nA) x\nB) y\nANSWER: C', m.aikenAnswerUnknown('C')],
    ['two letters', 'Q?\nA) x\nB) y\nANSWER: A, B', m.aikenAnswerInvalid],
    ['no letter', 'Q?\nA) x\nB) y\nANSWER:', m.aikenAnswerInvalid],
    ['a repeated letter', 'Q?\nA) x\nA) y\nANSWER: A', m.aikenOptionRepeated('A')],
    ['a repeated option', 'Q?\nA) x\nB) X\nANSWER: A', messages.questionOptionDuplicate],
    ['an empty option', 'Q?\nA) x\nB)\nANSWER: A', messages.questionOptionInvalid],
    ['no ANSWER at the end', 'Q?\nA) x\nB) y', m.aikenNoAnswer],
    ['text only at the end', 'Q?', m.aikenNoOptions],
  ])('%s', (_label, text, message) => {
    const { questions, errors } = parseAiken(`Fine?\nA) 1\nB) 2\nANSWER: A\n\n${text}`);
    expect(errors).toEqual([{ line: 6, message }]);
    expect(questions).toHaveLength(1);
  });

  it('an ANSWER line without a question', () => {
    expect(parseAiken('ANSWER: A\n\nQ?\nA) x\nB) y\nANSWER: A').errors).toEqual([
      { line: 1, message: m.aikenAnswerWithoutQuestion },
    ]);
  });
});
