/**
 * The API's answers about quizzes: the question bank, quizzes, attempts and
 * their grading (DESIGN section 14). Included in `messages` (messages.ts).
 * English: locales/en/quiz.ts.
 */
import { defineMessages, icu } from './i18n/catalog.ts';

export const quizMessages = defineMessages('quiz', {
  // The question bank
  questionNotFound: 'Питання не знайдено.',
  questionKindInvalid:
    'Оберіть тип питання: single, multiple, truefalse, short, numeric, matching, ordering або essay.',
  questionPointsInvalid: 'Бали за питання — число від 0,5 до 100.',
  questionTagsInvalid: 'Мітки — до 10, кожна від 1 до 40 символів.',
  questionOptionsCount: 'Варіантів відповіді має бути від 2 до 10.',
  questionOptionInvalid: 'Кожен варіант відповіді — від 1 до 1000 символів, з ідентифікатором.',
  questionOptionDuplicate: 'Варіанти відповіді повторюються: кожен має бути іншим.',
  questionOptionIdDuplicate: 'Ідентифікатори варіантів повторюються.',
  questionNoCorrect: 'Позначте щонайменше одну правильну відповідь.',
  questionCorrectUnknown: 'Правильна відповідь має бути одним із варіантів.',
  questionCreditInvalid: 'Частка бала варіанта — число від −100 до 100 (відсотків).',
  questionCreditMismatch:
    'Правильні варіанти мають мати додатну частку бала, а неправильні — нульову або від’ємну.',
  questionSingleNoFull: 'Хоча б один варіант має давати 100 % балів.',
  questionMultipleNotFull: 'Правильні варіанти разом мають давати 100 % балів.',
  questionTrueFalseInvalid: 'Вкажіть правильну відповідь: true або false.',
  questionAcceptedCount: 'Вкажіть від 1 до 20 прийнятних відповідей.',
  questionAcceptedInvalid: 'Кожна прийнятна відповідь — від 1 до 200 символів.',
  questionAcceptedDuplicate: 'Прийнятні відповіді повторюються.',
  questionAcceptedNoFull: 'Хоча б одна прийнятна відповідь має давати 100 % балів.',
  questionNumericInvalid: 'Правильна відповідь і похибка — числа; похибка не менша за 0.',
  questionNumericNoFull: 'Хоча б одна числова відповідь має давати 100 % балів.',
  questionPairsCount: 'Пар для відповідності має бути від 2 до 10.',
  questionPairInvalid: 'Кожна частина пари — від 1 до 500 символів.',
  questionPairDuplicate: 'Ліві частини пар повторюються: кожна має бути іншою.',
  questionItemsCount: 'Елементів для впорядкування має бути від 2 до 10.',
  questionItemInvalid: 'Кожен елемент — від 1 до 500 символів.',
  questionItemDuplicate: 'Елементи для впорядкування повторюються.',
  questionKeyNotAllowed: 'Для цього типу питання такого поля немає.',
  questionImagesNotAllowed: 'Текст питання не може містити зображень.',
  questionInUse: 'Питання використовується у тесті: спершу приберіть його з тесту.',
  questionLimitReached: 'У банку курсу вже максимальна кількість питань (5000).',
  questionSearchInvalid: 'Пошуковий запит — до 200 символів.',

  // Import and export
  importFormatInvalid: 'Оберіть формат: gift або aiken.',
  importTextInvalid: 'Вставте текст питань (до 1 МБ).',
  importFailed: 'Деякі питання містять помилки: нічого не імпортовано.',
  importEmpty: 'У тексті не знайдено жодного питання.',
  importTooMany: 'За один раз можна імпортувати до 1000 питань.',
  exportFormatInvalid: 'Експорт можливий лише у форматі gift.',

  // Quizzes
  quizNotFound: 'Тест не знайдено.',
  quizTitleInvalid: 'Назва тесту — від 1 до 200 символів.',
  quizSectionInvalid: 'Оберіть розділ цього курсу.',
  quizDateInvalid: 'Вкажіть дату й час (ISO 8601) або залиште порожнім.',
  quizDatesOrder: 'Тест має закриватися пізніше, ніж відкривається.',
  quizTimeLimitInvalid: 'Обмеження часу — ціле число хвилин від 1 до 600 або порожньо.',
  quizAttemptsAllowedInvalid: 'Кількість спроб — ціле число від 1 до 20.',
  quizGradingInvalid: 'Оцінювання: highest (найвища), last (остання) або average (середня).',
  quizReviewInvalid: 'Перегляд: after_submit, after_close або never.',
  quizBooleanInvalid: 'Вкажіть true або false.',
  quizSlotsInvalid:
    'Питання тесту — до 100 позицій: питання з банку або кількість випадкових питань з мітки.',
  quizSlotQuestionUnknown: 'Питання тесту мають бути з банку цього курсу.',
  quizSlotDuplicate: 'Одне питання додано до тесту двічі.',
  quizSlotTagTooFew: icu<[tag: string, available: number]>(
    'У банку лише {available} питань з міткою «{tag}».',
    'tag',
    'available',
  ),
  quizNoQuestions: 'Додайте до тесту хоча б одне питання, щоб опублікувати його.',
  quizHasAttempts: 'Тест уже має спроби: змінити його питання чи правила вже не можна.',
  quizLimitReached: 'У курсі вже максимальна кількість тестів (200).',

  // Attempts
  attemptNotFound: 'Спробу не знайдено.',
  attemptNotOpenYet: 'Тест ще не відкрито.',
  attemptClosed: 'Тест уже закрито.',
  attemptNoneLeft: 'Ви використали всі спроби цього тесту.',
  attemptTagTooFew: 'У банку замало питань для цього тесту. Повідомте викладача.',
  attemptSubmitted: 'Спробу вже завершено: відповіді не можна змінити.',
  attemptPastDeadline: 'Час спроби минув: відповідь не збережено.',
  attemptSlotInvalid: 'Такого питання в цій спробі немає.',
  answerInvalid: 'Відповідь має неправильний формат для цього питання.',
  answerEssayTooLong: 'Відповідь — не більше 20 000 символів.',
  attemptGradePointsInvalid: icu<[points: number]>(
    'Бали — число від 0 до {points, number}.',
    'points',
  ),
  attemptNotSubmitted: 'Спробу ще не завершено: оцінити можна після здачі.',
  attemptFeedbackInvalid: 'Коментар — до 2000 символів.',

  // Calendar feed: a quiz's event, at its close date
  calendarQuizCloses: 'Тест закривається: пізніше спробу вже не почати.',

  // Gradebook CSV
  gradebookStatusPending: 'очікує перевірки',
  gradebookStatusInProgress: 'спроба триває',
} as const);
