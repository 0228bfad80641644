import { describe, expect, it } from 'vitest';
import { checkGrade, COVER_URL_PREFIX } from './courses.ts';
import {
  courseFieldsSchema,
  courseUpdateFieldsSchema,
  homeworkFormSchema,
} from './schemas/index.ts';
import { API, API_BASE } from './paths.ts';
import { messages } from './messages.ts';

describe('course forms', () => {
  it('the update form needs a course id; every course field is optional', () => {
    expect(courseUpdateFieldsSchema.safeParse({ courseId: ' abc ' }).data).toEqual({
      courseId: 'abc',
    });
    const missing = courseUpdateFieldsSchema.safeParse({ title: 'Нова назва' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['courseId'],
      message: messages.courseIdRequired,
    });
    expect(
      courseUpdateFieldsSchema.safeParse({ courseId: 'a', removeCover: 'maybe' }).success,
    ).toBe(false);
  });

  it('the create form applies checkCourse', () => {
    const result = courseFieldsSchema.safeParse({
      title: 'ab',
      description: 'Достатньо довгий опис.',
      category: 'Історія',
    });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['title', messages.courseTitleInvalid],
    ]);
  });

  it('the homework form takes a course id and an optional comment of up to 1000 characters', () => {
    expect(homeworkFormSchema.parse({ courseId: 'c1' })).toEqual({ courseId: 'c1', comment: '' });
    expect(homeworkFormSchema.safeParse({ courseId: '' }).error?.issues[0]?.message).toBe(
      messages.courseIdRequired,
    );
    expect(
      homeworkFormSchema.safeParse({ courseId: 'c1', comment: 'я'.repeat(1001) }).error?.issues[0]
        ?.message,
    ).toBe(messages.commentTooLong);
  });
});

describe('checkGrade', () => {
  it('needs a non-blank grade of up to 10 characters and feedback of up to 2000', () => {
    expect(checkGrade({ grade: '12', feedback: '' })).toBeNull();
    expect(checkGrade({ grade: '  ', feedback: '' })).toEqual({
      message: messages.gradeRequired,
      fields: ['grade'],
    });
    expect(checkGrade({ grade: '12345678901', feedback: '' })?.fields).toEqual(['grade']);
    expect(checkGrade({ grade: 'A', feedback: 'x'.repeat(2001) })).toEqual({
      message: messages.feedbackTooLong,
      fields: ['feedback'],
    });
  });
});

describe('cover URLs', () => {
  it('API.cover of a stored name is under COVER_URL_PREFIX', () => {
    expect(API_BASE + API.cover('AAAAAAAAAAAAAAAAAAAAAA.jpg')).toBe(
      `${COVER_URL_PREFIX}AAAAAAAAAAAAAAAAAAAAAA.jpg`,
    );
  });
});
