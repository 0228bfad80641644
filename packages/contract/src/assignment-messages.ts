/**
 * The API's answers about assignments, grading, the gradebook and the
 * calendar feed. Included in `messages` (messages.ts).
 * English: locales/en/assignment.ts.
 */
import { defineMessages, icu } from './i18n/catalog.ts';

export const assignmentMessages = defineMessages('assignment', {
  // Assignments
  defaultAssignmentTitle: 'Домашнє завдання',
  assignmentNotFound: 'Завдання не знайдено.',
  assignmentTitleInvalid: 'Назва завдання — від 1 до 200 символів.',
  assignmentSectionInvalid: 'Оберіть розділ цього курсу.',
  assignmentDueInvalid: 'Вкажіть термін здачі як дату й час (ISO 8601) або залиште порожнім.',
  assignmentMaxPointsInvalid: 'Максимальна кількість балів — ціле число від 1 до 100.',
  assignmentPublishedInvalid: 'Вкажіть, чи опубліковано завдання (true або false).',
  assignmentLimitReached: 'У курсі вже максимальна кількість завдань (200).',
  assignmentHasSubmissions: 'Завдання вже має здані роботи, його не можна видалити.',
  assignmentIsDefault:
    'Це основне домашнє завдання курсу, його не можна видалити (можна змінити або сховати).',
  assignmentMaxPointsBelowGrades:
    'Деякі роботи вже оцінено вище за цей максимум: спершу переоцініть їх.',
  assignmentIdInvalid: 'Оберіть завдання цього курсу.',
  assignmentImagesNotAllowed: 'Умова завдання не може містити зображень.',

  // Grading
  gradePointsInvalid: icu<[maxPoints: number]>(
    'Оцінка — число від 0 до {maxPoints} (наприклад, 10 або 9,5).',
    'maxPoints',
  ),
  regradeReasonInvalid: 'Вкажіть причину зміни оцінки (до 500 символів).',
  regradeNotGraded: 'Роботу ще не оцінено: поставте оцінку звичайним способом.',
  regradeRaced: 'Оцінку щойно змінено. Оновіть сторінку й спробуйте ще раз.',

  // Comments on a submission
  homeworkCommentInvalid: 'Коментар — від 1 до 2000 символів.',

  // Calendar feed
  calendarName: 'Урок — терміни завдань',
  calendarFeedNotFound: 'Календар не знайдено: посилання застаріло або його відкликано.',

  // Gradebook CSV
  gradebookFileSuffix: 'журнал оцінок',
  gradebookPercent: 'Відсоток',
  gradebookStatusMissing: 'не здано',
  gradebookStatusSubmitted: 'здано',
  gradebookStatusLate: 'здано із запізненням',
} as const);
