import { afterEach, describe, expect, it } from 'vitest';
import './index.ts';
import './locales/en/index.ts';
import { setLanguageSource } from './i18n/catalog.ts';
import {
  NOTIFICATION_KIND_LABELS,
  notificationMailText,
  notificationMessages,
  notificationText,
} from './notifications.ts';

afterEach(() => setLanguageSource(() => 'uk'));

describe('notification texts in both languages', () => {
  const dueAt = '2030-05-20T15:00:00Z';

  it('Ukrainian: the same words as before the catalog, a moment in Kyiv time', () => {
    expect(notificationText.assignmentPublished('Хімія', 'Лабораторна', dueAt)).toEqual({
      title: 'Нове завдання',
      body: 'У курсі «Хімія» з’явилося завдання «Лабораторна». Строк здачі: 20.05.2030, 18:00.',
    });
    expect(notificationText.assignmentPublished('Хімія', 'Лабораторна', null).body).toBe(
      'У курсі «Хімія» з’явилося завдання «Лабораторна».',
    );
    expect(notificationText.quizGraded('Солі', '7,5', '10').title).toBe(
      'Тест перевірено: 7,5 з 10',
    );
    expect(notificationMessages.bellLabel(0)).toBe('Сповіщення');
    expect(notificationMessages.bellLabel(3)).toBe('Сповіщення: непрочитаних 3');
    expect(notificationMailText.why(NOTIFICATION_KIND_LABELS['quiz.graded'])).toBe(
      'Ви отримали цей лист, бо у вас увімкнено листи «Перевірені тести».',
    );
  });

  it('English: the words and the moment', () => {
    setLanguageSource(() => 'en');
    expect(notificationText.assignmentPublished('Chemistry', 'Lab work', dueAt)).toEqual({
      title: 'New assignment',
      body: 'A new assignment “Lab work” is in the course “Chemistry”. Due: 20/05/2030, 18:00.',
    });
    expect(notificationText.quizPublished('Chemistry', 'Salts', null).body).toBe(
      'A new quiz “Salts” is in the course “Chemistry”.',
    );
    expect(notificationMessages.bellLabel(0)).toBe('Notifications');
    expect(notificationMessages.bellLabel(3)).toBe('Notifications: 3 unread');
    expect(notificationMailText.why(NOTIFICATION_KIND_LABELS['quiz.graded'])).toBe(
      'You are receiving this e-mail because you have “Marked quizzes” e-mails turned on.',
    );
  });
});
