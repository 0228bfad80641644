// GIFT import and export (features/quizzes/gift.ts). The files in quiz-import/ hold the
// example questions of Moodle's GIFT documentation (examples.txt of its GIFT format) and of
// its importer's tests, as a teacher moving from Moodle would paste them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages, quizImportMessages as m, type LessonDocument } from '@urok/contract';
import { exportGift, parseGift } from '../src/features/quizzes/gift.ts';
import type { QuestionBody as QuestionInput } from '@urok/contract/schemas';

const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, 'quiz-import', name), 'utf8');

const doc = (...lines: string[]): LessonDocument => ({
  type: 'doc',
  content: lines.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});
const plain = (document: LessonDocument | null) =>
  document?.content
    .map((block) =>
      block.type === 'paragraph'
        ? (block.content ?? []).map((n) => (n.type === 'text' ? n.text : '')).join('')
        : '',
    )
    .join('\n') ?? null;

/** The one question of a GIFT text; fails the test on any error. */
function one(text: string): QuestionInput {
  const { questions, errors } = parseGift(text);
  expect(errors).toEqual([]);
  expect(questions).toHaveLength(1);
  return questions[0]!;
}

const base = { points: 1, tags: [], explanation: null };

describe("Moodle's documentation examples", () => {
  const { questions, errors } = parseGift(fixture('moodle-examples.gift.txt'));

  it('are all read, every kind GIFT has', () => {
    expect(errors).toEqual([]);
    expect(questions).toHaveLength(43);
    expect(new Set(questions.map((q) => q.kind))).toEqual(
      new Set(['single', 'multiple', 'truefalse', 'short', 'numeric', 'matching']),
    );
  });

  it('multiple choice: "=" marks the right option, "~" the others', () => {
    expect(questions[0]).toEqual({
      ...base,
      kind: 'single',
      text: doc("Who's buried in Grant's tomb?"),
      options: [
        { id: 'a', text: 'Grant' },
        { id: 'b', text: 'Jefferson' },
        { id: 'c', text: 'no one' },
      ],
      correct: ['c'],
    });
  });

  it('missing word: the answers in the middle of the text leave a blank', () => {
    expect(plain(questions[1]!.text)).toBe("Grant is _____ in Grant's tomb.");
    expect(plain(questions[7]!.text)).toBe(
      'The American holiday of Thanksgiving is celebrated on the _____ Thursday of November.',
    );
  });

  it('true/false, short answer, numeric with tolerance', () => {
    expect(questions[2]).toMatchObject({ kind: 'truefalse', correct: false });
    expect(questions[3]).toMatchObject({ kind: 'short', accepted: ['no one', 'nobody'] });
    expect(questions[4]).toMatchObject({ kind: 'numeric', value: 1822, tolerance: 1 });
    expect(questions[12]).toMatchObject({ kind: 'truefalse', correct: true });
  });

  it('a range a..b is the value (a+b)/2 with the tolerance (b−a)/2', () => {
    expect(questions[17]).toMatchObject({ kind: 'numeric', value: 3.1415, tolerance: 0.0005 });
  });

  it('several numeric answers with weights: the full one is the value, the others alternatives', () => {
    expect(questions[18]).toMatchObject({
      kind: 'numeric',
      value: 1822,
      tolerance: 0,
      alternatives: [{ value: 1822, tolerance: 2, credit: 50 }],
    });
  });

  it('matching pairs', () => {
    expect(questions[14]).toMatchObject({
      kind: 'matching',
      pairs: [
        { left: 'Canada', right: 'Ottawa' },
        { left: 'Italy', right: 'Rome' },
        { left: 'Japan', right: 'Tokyo' },
        { left: 'India', right: 'New Delhi' },
      ],
    });
  });

  it('a title is dropped and a question over several lines keeps each line', () => {
    expect(questions[20]).toMatchObject({
      kind: 'short',
      text: doc('Japanese characters originally', 'came from what country?'),
      accepted: ['China'],
    });
  });

  it('per-answer feedback joins the explanation, labelled with its answer', () => {
    expect(plain(questions[22]!.explanation)).toBe(
      [
        '«wrong answer»: feedback comment on the wrong answer',
        '«another wrong answer»: feedback comment on this wrong answer',
        '«right answer»: Very good!',
      ].join('\n'),
    );
    // True/false: the one feedback of {FALSE#…} is what answering "true" is told.
    expect(plain(questions[25]!.explanation)).toBe("«Правда»: No one is buried in Grant's tomb.");
  });

  it('[markdown] text is kept as written', () => {
    expect(plain(questions[24]!.text)).toBe("Who's buried in **Grant's tomb**?");
  });

  it('percentage weights become partial credit', () => {
    expect(questions[26]).toMatchObject({
      kind: 'single',
      options: [
        { id: 'a', text: 'wrong answer' },
        { id: 'b', text: 'half credit answer', credit: 50 },
        { id: 'c', text: 'full credit answer' },
      ],
      correct: ['b', 'c'],
    });
    expect(questions[28]).toMatchObject({
      kind: 'short',
      accepted: ['Nazareth', { text: 'Nazereth', credit: 75 }, { text: 'Bethlehem', credit: 25 }],
    });
  });

  it('a block without "=" is multiple: Moodle\'s weights kept where they differ from ours', () => {
    // Moodle's 0 for a wrong option is not section 14's default of −100 / right options.
    expect(questions[29]).toMatchObject({
      kind: 'multiple',
      options: [
        { id: 'a', text: 'No one', credit: 0 },
        { id: 'b', text: 'Grant' },
        { id: 'c', text: "Grant's wife" },
        { id: 'd', text: "Grant's father", credit: 0 },
      ],
      correct: ['b', 'c'],
    });
    // −50 for each wrong option of two right ones is the default: no credits at all.
    expect(questions[30]).toMatchObject({
      kind: 'multiple',
      options: [
        { id: 'a', text: 'No one' },
        { id: 'b', text: 'Grant' },
        { id: 'c', text: "Grant's wife" },
        { id: 'd', text: "Grant's father" },
      ],
      correct: ['b', 'c'],
    });
  });

  it("the importer's own examples: arrows without spaces, feedback over several lines", () => {
    expect(questions[38]).toMatchObject({
      kind: 'matching',
      text: doc('Match the following countries with their corresponding', 'capitals.'),
      pairs: [
        { left: 'Canada', right: 'Ottawa' },
        { left: 'Italy', right: 'Rome' },
        { left: 'Japan', right: 'Tokyo' },
      ],
    });
    expect(questions[42]).toMatchObject({
      kind: 'numeric',
      value: 1822,
      tolerance: 0,
      alternatives: [{ value: 1822, tolerance: 2, credit: 50 }],
    });
    expect(plain(questions[42]!.explanation)).toBe(
      [
        '«1822:0»: Correct! 100% credit',
        '«1822:2»: He was born in 1822.',
        'You get 50% credit for being close.',
      ].join('\n'),
    );
  });

  it('escaped control characters are text', () => {
    expect(questions[31]).toMatchObject({
      options: [
        { id: 'a', text: '= 2 + 2' },
        { id: 'b', text: '= 2 + 3' },
        { id: 'c', text: '= 2 + 4' },
      ],
      correct: ['b'],
    });
    expect(questions[32]).toMatchObject({
      options: ['~', '=', '#', '{', '}', '\\'].map((text, i) => ({
        id: String.fromCharCode(97 + i),
        text,
      })),
      correct: ['f'],
    });
    expect(plain(questions[32]!.explanation)).toContain('«\\»: Correct! \\ (backslash)');
  });
});

describe("Moodle's importer tests", () => {
  it('read as Moodle reads them; the one extra matching answer is reported on its line', () => {
    const { questions, errors } = parseGift(fixture('moodle-questions.gift.txt'));
    expect(errors).toEqual([{ line: 5, message: m.giftMatchingDistractor('Chat') }]);
    expect(questions.map((q) => q.kind)).toEqual([
      'essay',
      'single',
      'multiple',
      'numeric',
      'short',
      'truefalse',
      'truefalse',
      'truefalse',
    ]);
    const [essay, single, multiple, numeric, short, truefalse] = questions;
    expect(essay).toEqual({ ...base, kind: 'essay', text: doc('How are you?') });
    // `~red # [html]wrong…`: a feedback's own format; `~[plain]blue`: an option's.
    expect(single).toMatchObject({
      options: [
        { id: 'a', text: 'yellow' },
        { id: 'b', text: 'red' },
        { id: 'c', text: 'blue' },
      ],
      correct: ['a'],
    });
    expect(plain(single!.explanation)).toBe(
      "«yellow»: right; good!\n«red»: wrong, it's yellow\n«blue»: wrong, it's yellow",
    );
    expect(multiple).toMatchObject({
      kind: 'multiple',
      options: [
        { id: 'a', text: 'yellow' },
        { id: 'b', text: 'red', credit: -100 },
        { id: 'c', text: 'off-beige' },
        { id: 'd', text: 'blue', credit: -100 },
      ],
      correct: ['a', 'c'],
    });
    // `{#3:2~#Completely wrong}` and the text after the braces.
    expect(numeric).toMatchObject({ kind: 'numeric', value: 3, tolerance: 2 });
    expect(plain(numeric!.text)).toBe('What is a number from 1 to 5? _____";');
    expect(plain(numeric!.explanation)).toBe('«Інша відповідь»: Completely wrong');
    // `=%0%*#Completely wrong` is "any other answer": only its feedback stays.
    expect(short).toMatchObject({ kind: 'short', accepted: ['Frog', { text: 'Cat', credit: 50 }] });
    expect(plain(short!.explanation)).toBe(
      '«Frog»: Good!\n«Cat»: What is it with Moodlers and cats?\n«Інша відповідь»: Completely wrong',
    );
    // General feedback first, then each answer's: the first `#` is for the wrong answer.
    expect(truefalse).toMatchObject({ kind: 'truefalse', correct: false });
    expect(plain(truefalse!.explanation)).toBe(
      [
        "This is, of course, a Hitchiker's Guide to the Galaxy reference.",
        '«Правда»: 42 is the Ultimate Answer.',
        '«Неправда»: You gave the right answer.',
      ].join('\n'),
    );
    expect(questions[6]).toMatchObject({ kind: 'truefalse', correct: true });
    expect(questions[7]).toMatchObject({ kind: 'truefalse', correct: true });
  });

  it('a bank exported from a category: the category is a tag, [html] text is plain text', () => {
    const { questions, errors } = parseGift(fixture('moodle-category.gift.txt'));
    expect(errors).toEqual([{ line: 5, message: m.giftMatchingDistractor('Chat') }]);
    expect(questions.map((q) => q.tags)).toEqual([
      ['Default for New Features'],
      ['Default for New Features'],
      ['Default for New Features'],
    ]);
    expect(plain(questions[0]!.text)).toBe(
      'Listen to this greeting:\nWhat language is being spoken?',
    );
    expect(questions[1]).toMatchObject({ kind: 'short', accepted: ['Moodler'] });
    expect(plain(questions[2]!.text)).toBe(
      'Moodle is an acronym for Modular Object-Oriented Dynamic Learning Environment.',
    );
  });

  it('the same matching question without the extra answer is read, each left side in its format', () => {
    const text = fixture('moodle-questions.gift.txt').split('\n').slice(3, 11).join('\n');
    const question = one(text.replace('    = -> Chat\n', ''));
    expect(question).toMatchObject({
      kind: 'matching',
      text: doc('Match the activity to the description.'),
      pairs: [
        { left: 'An activity supporting asynchronous discussions.', right: 'Forum' },
        {
          left: 'A teacher asks a question and specifies a choice of multiple responses.',
          right: 'Choice',
        },
        { left: 'A bank of record entries which participants can add to.', right: 'Database' },
        { left: 'A collection of web pages that anyone can add to or edit.', right: 'Wiki' },
      ],
    });
  });
});

describe('GIFT details', () => {
  it('escapes: \\: \\# \\= \\{ \\} \\~, \\n a line break, \\\\ a backslash', () => {
    const question = one(String.raw`What is 3\:4 \= \{x\} \~ \#1?\nA \\ B \\\\ C{}`);
    expect(plain(question.text)).toBe('What is 3:4 = {x} ~ #1?\nA \\ B \\\\ C');
  });

  it('true/false written as T, TRUE, F, FALSE in any case; general feedback after ####', () => {
    for (const [mark, correct] of [
      ['T', true],
      ['TRUE', true],
      ['true', true],
      ['F', false],
      ['FALSE', false],
      ['f', false],
    ] as const)
      expect(one(`Q?{${mark}}`)).toMatchObject({ kind: 'truefalse', correct });
    expect(one('Q?{T####Because.}').explanation).toEqual(doc('Because.'));
  });

  it('{=a} and {=a =b} alone are short answers; {=a ~b} is single choice', () => {
    expect(one('Q?{=Київ}')).toMatchObject({ kind: 'short', accepted: ['Київ'] });
    expect(one('Q?{=Київ =Kyiv}')).toMatchObject({ kind: 'short', accepted: ['Київ', 'Kyiv'] });
    expect(one('Q?{=Київ ~Львів}')).toMatchObject({ kind: 'single', correct: ['a'] });
    // GIFT's `{=a =b ~c}`: either right option is fully right.
    expect(one('Q?{=a =b ~c}')).toMatchObject({ kind: 'single', correct: ['a', 'b'] });
  });

  it('numbers: decimal comma, negative numbers, ranges, several weighted answers', () => {
    expect(one('g?{#9,81:0,01}')).toMatchObject({ value: 9.81, tolerance: 0.01 });
    expect(one('t?{#-5..-1}')).toMatchObject({ value: -3, tolerance: 2 });
    expect(one('r?{#1..5}')).toMatchObject({ value: 3, tolerance: 2 });
    expect(one('π?{#=%50%3:0.5 =3.14:0.005 =%25%3.1..3.2}')).toMatchObject({
      value: 3.14,
      tolerance: 0.005,
      alternatives: [
        { value: 3, tolerance: 0.5, credit: 50 },
        { value: 3.15, tolerance: 0.05, credit: 25 },
      ],
    });
  });

  it('essay: {} with or without general feedback', () => {
    expect(one('::Е::Опишіть свій день.{}')).toEqual({
      ...base,
      kind: 'essay',
      text: doc('Опишіть свій день.'),
    });
    expect(one('Опишіть.{####Оцінюємо зміст.}').explanation).toEqual(doc('Оцінюємо зміст.'));
  });

  it('[html]: paragraphs and line breaks, entities, <pre> keeps its lines, an image says so', () => {
    const question = one(
      [
        '::Q001::[html]<p>What would running the test &amp; <b>method</b> print?</p>',
        '<pre>',
        '    public void test() \\{',
        '        method1();',
        '    \\}',
        '</pre>',
        '<p>See <img src\\="@@PLUGINFILE@@/a.png" alt\\="the diagram">&nbsp;&laquo;here&raquo;&#33;</p>{}',
      ].join('\n'),
    );
    expect(plain(question.text)).toBe(
      [
        'What would running the test & method print?',
        'public void test() {',
        'method1();',
        '}',
        'See [зображення: the diagram] «here»!',
      ].join('\n'),
    );
  });

  it("formulas as Moodle's TeX filter reads them become math nodes", () => {
    const question = one(
      [
        String.raw`Обчисліть \(\frac\{v^2\}\{2g\}\) при $$v \= 2$$ і g\: 10.`,
        String.raw`$$h \= \frac\{v^2\}\{2g\}$$`,
        String.raw`\[E\=mc^2\]{#0.2}`,
      ].join('\n'),
    );
    expect(question.text).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Обчисліть ' },
            { type: 'inlineMath', attrs: { latex: '\\frac{v^2}{2g}' } },
            { type: 'text', text: ' при ' },
            { type: 'inlineMath', attrs: { latex: 'v = 2' } },
            { type: 'text', text: ' і g: 10.' },
          ],
        },
        { type: 'blockMath', attrs: { latex: 'h = \\frac{v^2}{2g}' } },
        { type: 'blockMath', attrs: { latex: 'E=mc^2' } },
      ],
    });
  });

  it('[tag:…] in a comment and $CATEGORY: are tags; [points:…] sets the points', () => {
    const { questions, errors } = parseGift(
      [
        '$CATEGORY: $course$/top/Алгебра/Рівняння',
        '',
        '// [tag:лінійні] [tag:7 клас] [points:2.5]',
        'x + 1 = 3?{#2}',
        '',
        'Ще одне?{T}',
        '',
        '$CATEGORY: $course$/top',
        'Без категорії?{F}',
        '',
        '$CATEGORY: $course$/top/Фізика//Астрономія',
        '// [tag:фізика]',
        'Зоря?{T}',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(questions.map((q) => [q.tags, q.points])).toEqual([
      [['Рівняння', 'лінійні', '7 клас'], 2.5],
      [['Рівняння'], 1],
      [[], 1],
      [['Фізика/Астрономія', 'фізика'], 1],
    ]);
  });

  it('Windows line ends and a byte order mark', () => {
    const { questions, errors } = parseGift('\uFEFF// c\r\nA?{T}\r\n\r\nB?{\r\n=x\r\n~y\r\n}\r\n');
    expect(errors).toEqual([]);
    expect(questions.map((q) => q.kind)).toEqual(['truefalse', 'single']);
  });
});

describe('GIFT errors: each wrong question with the line it starts on', () => {
  const cases: [string, string, string][] = [
    ['no answers (a description)', '::Intro::Read the text below.', m.giftNoAnswers],
    ['an unclosed block', 'Q?{=a ~b', m.giftBraceUnclosed],
    ['a closing brace alone', 'Q?=a}', m.giftBraceUnopened],
    ['a nested brace', 'Q?{=a {~b}', m.giftBraceNested],
    ['two answer blocks', 'Q {=a ~b} and {=c ~d}', m.giftSeveralBlocks],
    ['an unclosed title', '::Title Q?{T}', m.giftTitleUnclosed],
    ['no text', '::T::{T}', m.giftTextEmpty],
    ['text before the first option', 'Q?{a ~b =c}', m.giftTextBeforeFirstOption],
    ['an empty option', 'Q?{=a ~ ~b}', m.giftOptionEmpty],
    ['one option', 'Q?{=a ~}', m.giftOptionEmpty],
    ['a repeated option', 'Q?{=Так ~так}', m.giftOptionDuplicate('так')],
    [
      'eleven options',
      `Q?{=0 ${Array.from({ length: 10 }, (_, i) => `~${i + 1}`).join(' ')}}`,
      m.giftOptionCount,
    ],
    ['multiple choice without a right option', 'Q?{~a ~b}', m.giftMultipleNoRight],
    ['single choice with only a partial "="', 'Q?{=%50%a ~b}', m.giftSingleNoRight],
    ['a weight out of range', 'Q?{=a ~%150%b}', m.giftWeightInvalid('150')],
    ['a weight that is no number', 'Q?{=a ~%half%b}', m.giftWeightInvalid('half')],
    ['a wildcard short answer', 'Q?{=*кит*}', m.giftWildcard],
    ['short answers without a full one', 'Q?{=%50%a =%20%b}', m.giftNoFullCredit],
    ['a negative short-answer weight', 'Q?{=a =%-50%b}', m.giftNegativeWeight],
    ['a number that is none', 'Q?{#три}', m.giftNumberInvalid('три')],
    ['a reversed range', 'Q?{#5..1}', m.giftNumberRange],
    ['a negative tolerance', 'Q?{#5:-1}', m.giftToleranceNegative],
    ['no number', 'Q?{#}', m.giftNumberMissing],
    ['a pair without an arrow', 'Q?{=a -> b =c}', m.giftMatchingPair],
    ['one pair', 'Q?{=a -> b}', m.giftMatchingCount],
    ['extra feedback of true/false', 'Q?{T#a#b#c}', m.giftTrueFalseExtra],
    // What the question schema refuses, with the schema's own message.
    [
      'right options that do not add up to 100 %',
      'Q?{~%50%a ~%25%b ~c}',
      messages.questionMultipleNotFull,
    ],
    ['a repeated short answer', 'Q?{=Київ = київ }', messages.questionAcceptedDuplicate],
    ['a repeated left side', 'Q?{=a -> 1 =A -> 2}', messages.questionPairDuplicate],
    ['a short answer too long', `Q?{=${'я'.repeat(201)}}`, messages.questionAcceptedInvalid],
  ];
  it.each(cases)('%s', (_label, text, message) => {
    const { questions, errors } = parseGift(
      `// before\n\nFine?{T}\n\n// a comment\n${text}\n\nAlso fine?{F}`,
    );
    expect(errors).toEqual([{ line: 6, message }]);
    expect(questions).toHaveLength(2);
  });

  it('every wrong question of a bank is reported, not only the first', () => {
    const { errors } = parseGift(
      'A?{=a\n\nB?{#x}\n\nC?{T}\n\n::D\nmore{T}\n\n$CATEGORY: Тема\n// [tag:t]\nE?{#y}',
    );
    expect(errors).toEqual([
      { line: 1, message: m.giftBraceUnclosed },
      { line: 3, message: m.giftNumberInvalid('x') },
      { line: 7, message: m.giftTitleUnclosed },
      { line: 12, message: m.giftNumberInvalid('y') },
    ]);
  });

  it('a blank line inside the answers splits the question, and both halves say so', () => {
    const { errors } = parseGift('Q?{\n=a\n\n~b\n}');
    expect(errors.map((e) => e.line)).toEqual([1, 4]);
    expect(errors[0]!.message).toBe(m.giftBraceUnclosed);
  });

  it('tags the schema refuses: too long, too many', () => {
    expect(parseGift(`// [tag:${'т'.repeat(41)}]\nQ?{T}`).errors).toEqual([
      { line: 2, message: messages.questionTagsInvalid },
    ]);
    const eleven = Array.from({ length: 11 }, (_, i) => `[tag:t${i}]`).join(' ');
    expect(parseGift(`// ${eleven}\nQ?{T}`).errors).toEqual([
      { line: 2, message: messages.questionTagsInvalid },
    ]);
  });

  it('points out of range', () => {
    expect(parseGift('// [points:0]\nQ?{T}').errors).toEqual([
      { line: 2, message: m.giftPointsInvalid('0') },
    ]);
  });
});

describe('GIFT export', () => {
  const every: QuestionInput[] = [
    {
      ...base,
      kind: 'single',
      text: doc('Столиця України?', 'Оберіть одну.'),
      tags: ['географія', 'тема [1]'],
      points: 2,
      options: [
        { id: 'a', text: 'Київ' },
        { id: 'b', text: 'Львів', credit: 20 },
        { id: 'c', text: 'Москва', credit: -50 },
        { id: 'd', text: '%відсоток% і [html] і #решітка' },
      ],
      correct: ['a', 'b'],
      explanation: doc('Київ — столиця з 1991 року: див. {конституцію}.'),
    },
    {
      ...base,
      kind: 'single',
      text: doc('[html] у тексті, <b>тег</b> і // не коментар'),
      options: [
        { id: 'a', text: '%50% — так' },
        { id: 'b', text: '= рівно' },
      ],
      correct: ['a'],
    },
    {
      ...base,
      kind: 'multiple',
      text: doc('Прості числа?'),
      options: [
        { id: 'a', text: '2' },
        { id: 'b', text: '3' },
        { id: 'c', text: '5' },
        { id: 'd', text: '4' },
        { id: 'e', text: '1', credit: 0 },
      ],
      correct: ['a', 'b', 'c'],
    },
    {
      ...base,
      kind: 'multiple',
      text: doc('Зважені?'),
      options: [
        { id: 'a', text: 'x', credit: 70 },
        { id: 'b', text: 'y', credit: 30 },
        { id: 'c', text: 'z', credit: -12.5 },
      ],
      correct: ['a', 'b'],
    },
    { ...base, kind: 'truefalse', text: doc('Земля кругла.'), correct: true },
    {
      ...base,
      kind: 'truefalse',
      text: doc('Сонце обертається навколо Землі.'),
      correct: false,
      explanation: doc('Навпаки.', 'Геліоцентрична система.'),
    },
    {
      ...base,
      kind: 'short',
      text: doc('Хто написав «Кобзар»?'),
      accepted: ['Шевченко', 'Тарас Шевченко', { text: 'Т. Г. Шевченко', credit: 90 }, '%100'],
    },
    { ...base, kind: 'numeric', text: doc('g = ? м/с²'), value: 9.81, tolerance: 0.05 },
    { ...base, kind: 'numeric', text: doc('Рік?'), value: 1991, tolerance: 0 },
    {
      ...base,
      kind: 'numeric',
      text: doc('π?'),
      value: 3.14159265,
      tolerance: 1e-7,
      alternatives: [
        { value: 3.14, tolerance: 0.01, credit: 50 },
        { value: -3, tolerance: 0, credit: 10 },
      ],
    },
    {
      ...base,
      kind: 'matching',
      text: doc('Відповідність: країна -> столиця'),
      pairs: [
        { left: 'Україна', right: 'Київ' },
        { left: 'Польща', right: 'Варшава -> центр' },
        { left: '[plain] Франція', right: 'Париж: 2 млн' },
      ],
    },
    { ...base, kind: 'essay', text: doc('Твір про літо.'), explanation: doc('Від 200 слів.') },
    { ...base, kind: 'essay', text: doc('Ще: a\\b, a\\nb, 50%, «лапки»') },
    {
      ...base,
      kind: 'numeric',
      text: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Висота: ' },
              { type: 'inlineMath', attrs: { latex: '\\frac{v^2}{2g}' } },
              { type: 'text', text: ', де ' },
              { type: 'inlineMath', attrs: { latex: 'v = 10' } },
            ],
          },
          { type: 'blockMath', attrs: { latex: '\\sum_{i=1}^{n} x_i \\ne \\{x\\}' } },
        ],
      },
      value: 5,
      tolerance: 0,
      explanation: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'inlineMath', attrs: { latex: 'h = 5' } },
              { type: 'text', text: ' м.' },
            ],
          },
        ],
      },
    },
  ];

  it('reads back to the same questions, every kind GIFT can say', () => {
    const text = exportGift(every);
    const { questions, errors } = parseGift(text);
    expect(errors).toEqual([]);
    expect(questions).toEqual(every);
  });

  it('Moodle’s examples survive import → export → import', () => {
    for (const file of [
      'moodle-examples.gift.txt',
      'moodle-questions.gift.txt',
      'moodle-category.gift.txt',
    ]) {
      const first = parseGift(fixture(file)).questions;
      const again = parseGift(exportGift(first));
      expect(again.errors).toEqual([]);
      expect(again.questions).toEqual(first);
    }
  });

  it('writes what a teacher (and Moodle) reads: tags and points in a comment, weights, feedback', () => {
    expect(exportGift(every.slice(0, 1))).toBe(
      [
        '// [tag:географія] [tag:тема [1\\]] [points:2]',
        'Столиця України?\\nОберіть одну.{',
        '\t=Київ',
        '\t~%20%Львів',
        '\t~%-50%Москва',
        '\t~%0%%відсоток% і [html] і \\#решітка',
        '\t####Київ — столиця з 1991 року\\: див. \\{конституцію\\}.',
        '}',
        '',
      ].join('\n'),
    );
    expect(exportGift([every[4]!, every[7]!])).toBe(
      'Земля кругла.{TRUE}\n\ng \\= ? м/с²{#9.81:0.05}\n',
    );
  });

  it('ordering: GIFT cannot say it, so it is written as a comment and not read back', () => {
    const ordering: QuestionInput = {
      ...base,
      kind: 'ordering',
      text: doc('Упорядкуйте події.'),
      items: ['Хрещення Русі', 'Козацька доба', 'Незалежність'],
    };
    const text = exportGift([ordering, every[4]!]);
    expect(text).toBe(
      [
        `// ${m.exportOrderingSkipped}`,
        '// Упорядкуйте події.',
        '//   1. Хрещення Русі',
        '//   2. Козацька доба',
        '//   3. Незалежність',
        '',
        'Земля кругла.{TRUE}',
        '',
      ].join('\n'),
    );
    expect(parseGift(text)).toEqual({ questions: [every[4]], errors: [] });
  });
});
