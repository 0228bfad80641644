import { describe, expect, it } from 'vitest';
import { checkTeacherApplication } from './applications.ts';
import { teacherApplicationBodySchema } from './schemas/index.ts';
import { messages } from './messages.ts';

const application = {
  fullName: 'Oksana Petrenko',
  telephone: '+380501112233',
  email: 'oksana@example.com',
  subject: 'Математика',
  experience: '',
  motivation: 'Хочу навчати більше людей.',
};

describe('checkTeacherApplication', () => {
  it('passes a valid application', () => {
    expect(checkTeacherApplication(application)).toBeNull();
  });
  it.each([
    [{ fullName: ' Ok ' }, messages.fullNameRequired, 'fullName'],
    [{ fullName: 'x'.repeat(101) }, messages.fullNameRequired, 'fullName'],
    [{ telephone: '0501112233' }, messages.telephoneInvalid, 'telephone'],
    [{ email: 'oksana' }, messages.emailInvalid, 'email'],
    [{ subject: 'M' }, messages.subjectRequired, 'subject'],
    [{ experience: 'x'.repeat(2001) }, messages.experienceTooLong, 'experience'],
    [{ motivation: 'коротко' }, messages.motivationRequired, 'motivation'],
  ])('%j → %s', (overrides, message, field) => {
    expect(checkTeacherApplication({ ...application, ...overrides })).toEqual({
      message,
      fields: [field],
    });
  });
  it('checks in form order: the first failing field is reported', () => {
    expect(checkTeacherApplication({ ...application, fullName: '', email: 'bad' })?.fields).toEqual(
      ['fullName'],
    );
  });
});

describe('teacherApplicationBodySchema', () => {
  it('defaults experience to empty and strips unknown keys', () => {
    const { experience: _e, ...rest } = application;
    expect(
      teacherApplicationBodySchema.parse({ ...rest, status: 'approved', isAdmin: true }),
    ).toEqual(application);
  });
  it('refuses wrong types with field messages', () => {
    const result = teacherApplicationBodySchema.safeParse({ ...application, fullName: 5 });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['fullName'],
      message: messages.fullNameRequired,
    });
  });
});
