/**
 * The Aiken format: single-choice questions, one line each part.
 *
 *   Столиця України?
 *   A) Львів
 *   B) Київ
 *   ANSWER: B
 *
 * Read as Moodle's importer reads it (a letter, `)` or `.`, the option), and
 * also with Ukrainian letters (А) Б) В)) and `ВІДПОВІДЬ:`, a question over
 * several lines, and an ANSWER letter typed on the other keyboard (Latin A
 * for Cyrillic А). Each question that cannot be taken is reported with the
 * line it starts on; the caller creates nothing when there is any.
 */
import { quizImportMessages as m } from '@urok/contract';
import { questionBodySchema, type QuestionBody } from '@urok/contract/schemas';
import { plainTextDocument, type ImportLineError, type ImportResult } from './gift.ts';

const OPTION = /^([A-Z\u0410-\u042F\u0404\u0406\u0407\u0490])[.)][ \t]*(.*)$/u;
const ANSWER = /^(?:ANSWER|ВІДПОВІДЬ)\s*:\s*(.*)$/iu;

/** Latin and Cyrillic capitals that look the same, each way. */
/* eslint-disable no-restricted-syntax -- letters the parser compares, not words anyone reads */
const LOOKALIKES: Record<string, string> = {
  A: 'А',
  B: 'В',
  C: 'С',
  E: 'Е',
  H: 'Н',
  I: 'І',
  K: 'К',
  M: 'М',
  O: 'О',
  P: 'Р',
  T: 'Т',
  X: 'Х',
};
/* eslint-enable no-restricted-syntax */
for (const [latin, cyrillic] of Object.entries(LOOKALIKES)) LOOKALIKES[cyrillic] = latin;

interface Draft {
  line: number;
  text: string[];
  options: { label: string; text: string }[];
  /** Set when the question is already known to be wrong: the rest of it is read and dropped. */
  problem: string | null;
}

export function parseAiken(input: string): ImportResult {
  const questions: QuestionBody[] = [];
  const errors: ImportLineError[] = [];
  let draft: Draft | null = null;

  const report = (line: number, message: string) => errors.push({ line, message });

  const close = (answer: string | null, answerLine: number) => {
    const current = draft;
    draft = null;
    if (current === null) return report(answerLine, m.aikenAnswerWithoutQuestion);
    if (current.problem !== null) return report(current.line, current.problem);
    if (current.options.length === 0) return report(current.line, m.aikenNoOptions);
    if (answer === null) return report(current.line, m.aikenNoAnswer);
    const letter = /^(\p{L})[.)]?$/u.exec(answer.trim())?.[1]?.toUpperCase();
    if (letter === undefined) return report(current.line, m.aikenAnswerInvalid);
    const labels = current.options.map((option) => option.label);
    let index = labels.indexOf(letter);
    if (index < 0 && LOOKALIKES[letter] !== undefined) index = labels.indexOf(LOOKALIKES[letter]);
    if (index < 0) return report(current.line, m.aikenAnswerUnknown(letter));
    const checked = questionBodySchema.safeParse({
      kind: 'single',
      text: plainTextDocument(current.text.join('\n')),
      options: current.options.map((option, i) => ({
        id: String.fromCharCode(97 + i),
        text: option.text,
      })),
      correct: [String.fromCharCode(97 + index)],
    });
    if (!checked.success) return report(current.line, checked.error.issues[0]!.message);
    questions.push(checked.data);
  };

  input
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .forEach((raw, index) => {
      const line = index + 1;
      const text = raw.replace(/\s+/g, ' ').trim();
      if (text === '') return;
      const answer = ANSWER.exec(text);
      if (answer) return close(answer[1]!, line);
      const option = OPTION.exec(text);
      if (option) {
        draft ??= { line, text: [], options: [], problem: m.aikenOptionWithoutQuestion };
        const label = option[1]!;
        if (draft.options.some((o) => o.label === label))
          draft.problem ??= m.aikenOptionRepeated(label);
        draft.options.push({ label, text: option[2]!.trim() });
        return;
      }
      if (draft !== null && draft.options.length === 0) return void draft.text.push(text);
      // Text after the options without an ANSWER line: that question ends unfinished, a new one starts.
      if (draft !== null) close(null, line);
      draft = { line, text: [text], options: [], problem: null };
    });
  if (draft !== null) close(null, 0);
  return { questions, errors };
}
