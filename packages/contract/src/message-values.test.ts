import { afterEach, describe, expect, it } from 'vitest';
import './locales/en/index.ts';
import { contentMessages } from './content-messages.ts';
import { gradesMessages } from './course-messages.ts';
import { setLanguageSource } from './i18n/catalog.ts';
import type { Language } from './i18n/languages.ts';
import { quizImportMessages } from './quiz-import-messages.ts';
import { quizPageMessages } from './quiz-page-messages.ts';

function speak(language: Language) {
  setLanguageSource(() => language);
}
afterEach(() => speak('uk'));

describe('messages whose values choose or are worked out first, in both languages', () => {
  it('points and percentages: a decimal comma in Ukrainian, a point in English; none yet is a dash', () => {
    expect(gradesMessages.points(9.5, 10)).toBe('9,5 / 10');
    expect(gradesMessages.percent(66.666)).toBe('66,7%');
    expect(gradesMessages.percent(null)).toBe('—');
    expect(gradesMessages.coursePercent(null)).toBe('Ще немає оцінок');
    expect(quizPageMessages.attemptQuestionScore(null, 2.5)).toBe('Ще не оцінено (з 2,5)');
    expect(quizPageMessages.attemptQuestionScore(0, 2)).toBe('0 з 2 балів');
    speak('en');
    expect(gradesMessages.points(9.5, 10)).toBe('9.5 / 10');
    expect(gradesMessages.percent(66.666)).toBe('66.7%');
    expect(gradesMessages.coursePercent(100)).toBe('Overall: 100%');
    expect(quizPageMessages.attemptQuestionScore(null, 2.5)).toBe('Not graded yet (out of 2.5)');
    expect(quizPageMessages.attemptQuestionScore(1, 1)).toBe('1 of 1 point');
  });

  it('a choice by a flag or a missing value', () => {
    expect(contentMessages.queuedCompletionLabel('Вступ', false)).toBe(
      'Урок «Вступ»: зняття позначки «пройдено»',
    );
    expect(quizPageMessages.attemptNavItem(3, true)).toBe('Питання 3, є відповідь');
    expect(gradesMessages.gradeHistoryEntry('8 / 10', '1 груд.', null)).toBe('8 / 10 (1 груд.)');
    speak('en');
    expect(contentMessages.queuedCompletionLabel('Intro', true)).toBe(
      'Lesson “Intro”: marked as completed',
    );
    expect(quizPageMessages.attemptNavItem(3, false)).toBe('Question 3, not answered');
    expect(gradesMessages.gradeHistoryEntry('8 / 10', '1 Dec', 'typo')).toBe(
      '8 / 10 (1 Dec) — reason for the change: typo',
    );
  });

  it('plurals in English; the wrapped and the function messages', () => {
    speak('en');
    expect([1, 2].map((count) => contentMessages.lessonCount(count))).toEqual([
      '1 lesson',
      '2 lessons',
    ]);
    expect(quizPageMessages.attemptMinutesLeft(1)).toBe('1 minute left.');
    expect(quizPageMessages.quizRuleGrading(quizPageMessages.quizGradingNames.highest)).toBe(
      'Grade: highest of your attempts',
    );
    expect(quizPageMessages.attemptUnanswered([2, 5])).toBe('Not answered: questions 2, 5.');
    expect(quizImportMessages.giftNumberInvalid('x')).toBe(
      '“x” is not a number. A numeric answer looks like {#3.14:0.01} or {#1..5}.',
    );
    speak('uk');
    expect(quizPageMessages.quizRuleGrading(quizPageMessages.quizGradingNames.highest)).toBe(
      'Оцінка: найвища зі спроб',
    );
    expect(quizImportMessages.importImage('')).toBe('[зображення]');
  });
});
