import type { Translation } from '../../i18n/catalog.ts';
import { icu } from '../../i18n/catalog.ts';
import type { quizImportMessages } from '../../quiz-import-messages.ts';

export const quizImport: Translation<typeof quizImportMessages> = {
  giftNoAnswers:
    'No answer block {…}. A description without a question is not imported: add answers or remove this text.',
  giftBraceUnclosed:
    'The answer block is not closed: “}” is missing. An empty line separates questions, so a question must not contain empty lines.',
  giftBraceUnopened:
    '“{” is missing before “}”. To write a brace in the text, escape it: \\{ or \\}.',
  giftBraceNested:
    'The answer block contains another “{”. To write a brace in the text, escape it: \\{.',
  giftSeveralBlocks:
    'The question has more than one answer block {…}. In the GIFT format a question has one such block.',
  giftTitleUnclosed: 'The question title is not closed: “::” is missing after “::title”.',
  giftTextEmpty: 'A question without text.',
  giftTextBeforeFirstOption:
    'Text before the first answer: each option starts with “=” (correct) or “~”.',
  giftOptionEmpty: 'An empty answer option.',
  giftOptionCount: 'There must be 2 to 10 answer options.',
  giftOptionDuplicate: icu<[text: string]>('The option “{text}” repeats.', 'text'),
  giftSingleNoRight: 'No option is marked fully correct: mark it with “=”.',
  giftMultipleNoRight:
    'No option has a positive weight: in a question with several answers, mark the correct ones like ~%50%option.',
  giftWeightInvalid: icu<[weight: string]>(
    'The answer weight “{weight}” is a percentage from -100 to 100, like ~%50%.',
    'weight',
  ),
  giftNegativeWeight: 'A negative weight is possible only in choice options.',
  giftAnswerEmpty: 'An empty answer.',
  giftAnswerCount: 'There must be 1 to 20 correct answers.',
  giftWildcard:
    'Patterns with “*” in answers are not supported: list the accepted answers with “=”.',
  giftNoFullCredit: 'No answer gives 100%: mark the fully correct one.',
  giftNumberInvalid: icu<[text: string]>(
    "“{text}” is not a number. A numeric answer looks like '{#3.14:0.01}' or '{#1..5}'.",
    'text',
  ),
  giftNumberRange: 'In a range {#a..b} the start must not be greater than the end.',
  giftToleranceNegative: 'The tolerance of a numeric answer cannot be negative.',
  giftNumberMissing: 'No numeric answer after “#”.',
  giftMatchingPair: 'Each matching pair looks like “=left -> right”.',
  giftMatchingDistractor: icu<[right: string]>(
    'An extra answer “{right}” without a pair (“ = -> …”) is not supported: remove it or add the left part.',
    'right',
  ),
  giftMatchingCount: 'There must be 2 to 10 matching pairs.',
  giftPointsInvalid: icu<[text: string]>(
    'The points “{text}” must be a number from 0.5 to 100, like [points:2].',
    'text',
  ),
  giftTrueFalseExtra:
    'A “true” or “false” answer can be followed by two pieces of feedback only: {T#if answered wrongly#if answered correctly}.',

  aikenNoOptions: 'No options “A) …” or “A. …” after the question text.',
  aikenNoAnswer: 'No line “ANSWER: X” with the letter of the correct option.',
  aikenAnswerUnknown: icu<[letter: string]>(
    'There is no option “{letter}” among the answers.',
    'letter',
  ),
  aikenAnswerInvalid: 'The answer line looks like “ANSWER: B” — one option letter.',
  aikenOptionRepeated: icu<[letter: string]>('The option letter “{letter}” repeats.', 'letter'),
  aikenOptionWithoutQuestion:
    'An answer option without a question: the question must be above its options.',
  aikenAnswerWithoutQuestion: 'An “ANSWER:” line without a question above it.',

  importTrue: 'True',
  importFalse: 'False',
  importOtherAnswer: 'Any other answer',
  importImage: (alt: string) => (alt ? `[image: ${alt}]` : '[image]'),
  importFeedback: icu<[answer: string, feedback: string]>(
    '“{answer}”: {feedback}',
    'answer',
    'feedback',
  ),
  exportOrderingSkipped:
    'An ordering question: the GIFT format has no such type, so it is written as a comment only.',
};
