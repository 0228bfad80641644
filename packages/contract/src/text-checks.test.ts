import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkProfile, checkRegistration } from './account-checks.ts';
import { checkTeacherApplication } from './applications.ts';
import { checkCourse, checkGrade, checkHomeworkComment } from './courses.ts';
import { messages } from './messages.ts';
import { checkPledge } from './pledges.ts';
import {
  courseFieldsSchema,
  gradeBodySchema,
  homeworkFormSchema,
  pledgeBodySchema,
  registerBodySchema,
  teacherApplicationBodySchema,
  updateUserBodySchema,
} from './schemas/index.ts';
import { checkPlainText, hasUnsafeCharacters, type TextKind } from './text-checks.ts';

/** A terminal escape that retitles the window: ESC ] 0 ; … BEL (short enough for a grade). */
const TITLE_ESCAPE = '\u001b]0;x\u0007';

const UNSAFE_ANYWHERE = [
  ['ESC (a terminal escape)', `Оксана${TITLE_ESCAPE}`],
  ['CSI', 'a\u001b[2Jb'],
  ['NUL', 'a\u0000b'],
  ['BEL', 'a\u0007b'],
  ['backspace', 'ab\u0008c'],
  ['DEL', 'a\u007fb'],
  ['a C1 control (8-bit CSI)', 'a\u009b2Jb'],
  ['U+0080', 'a\u0080b'],
  ['right-to-left override', 'invoice\u202Etxt.exe'],
  ['left-to-right embedding', 'a\u202Ab'],
  ['first strong isolate', 'a\u2068b'],
  ['pop directional isolate', 'a\u2069b'],
  ['a lone carriage return', 'approved\roverwritten'],
  ['vertical tab', 'a\u000bb'],
  ['form feed', 'a\u000cb'],
] as const;

describe('hasUnsafeCharacters', () => {
  it.each(UNSAFE_ANYWHERE)('refuses %s on a line and in text', (_label, value) => {
    expect(hasUnsafeCharacters(value, 'line')).toBe(true);
    expect(hasUnsafeCharacters(value, 'text')).toBe(true);
  });

  it('keeps tab and line breaks (LF, CRLF) in text of several lines, not on one line', () => {
    for (const value of ['one\ntwo', 'one\r\ntwo', 'a\tb', 'end\r\n']) {
      expect(hasUnsafeCharacters(value, 'text'), JSON.stringify(value)).toBe(false);
      expect(hasUnsafeCharacters(value, 'line'), JSON.stringify(value)).toBe(true);
    }
  });

  it('passes ordinary text of every script, emoji and marks of its own direction', () => {
    for (const value of [
      'Оксана Петренко',
      "Ґанна О'Ніл — №2",
      'مرحبا',
      'שלום',
      '日本語',
      'café 👩‍🏫',
      'a\u200Fb', // RIGHT-TO-LEFT MARK: an ordinary mark, not an override
      'x\u00a0y',
    ]) {
      expect(hasUnsafeCharacters(value, 'line'), value).toBe(false);
    }
  });
});

describe('checkPlainText', () => {
  it('names the first unsafe field in the order given', () => {
    const input = { a: 'ok', b: `x${TITLE_ESCAPE}`, c: '\u001b' };
    expect(checkPlainText(input, { a: 'line', b: 'line', c: 'line' })).toEqual({
      message: messages.textControlCharacters,
      fields: ['b'],
    });
    expect(checkPlainText(input, { c: 'text', b: 'text' })?.fields).toEqual(['c']);
    expect(checkPlainText(input, { a: 'line' })).toBeNull();
  });
});

const application = {
  fullName: 'Oksana Petrenko',
  telephone: '+380501112233',
  email: 'oksana@example.com',
  subject: 'Математика',
  experience: '8 років',
  motivation: 'Хочу навчати більше людей.',
};
const registration = {
  username: 'Taras Bondar',
  email: 'taras@example.com',
  telephone: '+380501112233',
  password: 'Secret2024',
};
const profile = {
  username: 'Taras Bondar',
  email: 'taras@example.com',
  telephone: '+380501112233',
  bio: 'Про мене',
};
const course = {
  title: 'Python для початківців',
  description: 'Перші кроки в програмуванні.',
  category: 'Програмування',
  homeworkTask: 'Напишіть гру.',
  homeworkDueAt: '',
};
const pledge = { name: 'Марія', amount: 500, message: 'Дякую' };

/** Every form with text: its check function, its API schema, a valid body, and how each text field is written. */
const FORMS: {
  name: string;
  check: (value: never) => unknown;
  schema: z.ZodType;
  valid: Record<string, unknown>;
  fields: Record<string, TextKind>;
}[] = [
  {
    name: 'teacher application',
    check: checkTeacherApplication,
    schema: teacherApplicationBodySchema,
    valid: application,
    fields: {
      fullName: 'line',
      email: 'line',
      subject: 'line',
      experience: 'text',
      motivation: 'text',
    },
  },
  {
    name: 'registration',
    check: checkRegistration,
    schema: registerBodySchema,
    valid: registration,
    fields: { username: 'line', email: 'line' },
  },
  {
    name: 'profile',
    check: checkProfile,
    schema: updateUserBodySchema,
    valid: profile,
    fields: { username: 'line', email: 'line', bio: 'text' },
  },
  {
    name: 'course',
    check: checkCourse,
    schema: courseFieldsSchema,
    valid: course,
    fields: { title: 'line', description: 'text', category: 'line', homeworkTask: 'text' },
  },
  {
    name: 'homework upload',
    check: checkHomeworkComment,
    schema: homeworkFormSchema,
    valid: { courseId: 'c1', comment: 'Ось моя робота' },
    fields: { comment: 'text' },
  },
  {
    name: 'grade',
    check: checkGrade,
    schema: gradeBodySchema,
    valid: { grade: '10', feedback: 'Добре' },
    fields: { grade: 'line', feedback: 'text' },
  },
  {
    name: 'pledge',
    check: checkPledge,
    schema: pledgeBodySchema,
    valid: pledge,
    fields: { name: 'line', message: 'text' },
  },
];

describe.each(FORMS)('$name: the form check and the API schema', (form) => {
  const withField = (field: string, value: string) => ({
    ...form.valid,
    [field]: `${String(form.valid[field])}${value}`,
  });
  const refusal = (field: string) => ({ message: messages.textControlCharacters, fields: [field] });

  it('pass the valid body', () => {
    expect(form.check(form.valid as never)).toBeNull();
    expect(form.schema.safeParse(form.valid).success).toBe(true);
  });

  it.each(Object.entries(form.fields))(
    '%s: refuse a terminal escape and a bidirectional override with the field message',
    (field) => {
      for (const unsafe of [TITLE_ESCAPE, '\u009b31m', '\u202E', '\u007f']) {
        const body = withField(field, unsafe);
        expect(form.check(body as never), JSON.stringify(unsafe)).toEqual(refusal(field));
        const result = form.schema.safeParse(body);
        expect(result.error?.issues).toEqual([
          expect.objectContaining({ path: [field], message: messages.textControlCharacters }),
        ]);
      }
    },
  );

  it.each(Object.entries(form.fields))('%s (%s): line breaks as the kind allows', (field, kind) => {
    for (const breaks of ['\n', '\r\n', '\t']) {
      const body = withField(field, `${breaks}more`);
      const error = form.check(body as never) as { fields: string[] } | null;
      // On one line: refused (an email's own format check may speak first).
      if (kind === 'text') expect(error, JSON.stringify(breaks)).toBeNull();
      else expect(error?.fields, JSON.stringify(breaks)).toEqual([field]);
      expect(form.schema.safeParse(body).success).toBe(kind === 'text');
    }
  });
});
