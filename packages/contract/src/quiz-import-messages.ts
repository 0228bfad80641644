/**
 * What an import of questions (GIFT, Aiken) says about a question it cannot
 * take, and the words it writes into imported explanations. Each error is
 * reported with the line its question starts on, so these never repeat it.
 * English: locales/en/quiz-import.ts.
 */
import { defineMessages, icu } from './i18n/catalog.ts';

export const quizImportMessages = defineMessages('quizImport', {
  // The GIFT format
  giftNoAnswers:
    'Немає блоку відповідей {…}. Опис без питання не імпортується: додайте відповіді або приберіть цей текст.',
  giftBraceUnclosed:
    'Блок відповідей не закрито: бракує «}». Питання розділяє порожній рядок, тож усередині питання порожніх рядків не має бути.',
  giftBraceUnopened:
    'Бракує «{» перед «}». Щоб написати дужку в тексті, екрануйте її: \\{ або \\}.',
  giftBraceNested:
    'Усередині блоку відповідей є ще одна «{». Щоб написати дужку в тексті, екрануйте її: \\{.',
  giftSeveralBlocks:
    'У питанні більше одного блоку відповідей {…}. У форматі GIFT питання має один такий блок.',
  giftTitleUnclosed: 'Назву питання не закрито: після «::назва» бракує «::».',
  giftTextEmpty: 'Питання без тексту.',
  giftTextBeforeFirstOption:
    'Текст перед першою відповіддю: кожен варіант починається з «=» (правильний) або «~».',
  giftOptionEmpty: 'Порожній варіант відповіді.',
  giftOptionCount: 'Варіантів відповіді має бути від 2 до 10.',
  giftOptionDuplicate: icu<[text: string]>('Варіант «{text}» повторюється.', 'text'),
  giftSingleNoRight: 'Жоден варіант не позначено повністю правильним: позначте його «=».',
  giftMultipleNoRight:
    'Жоден варіант не має додатної ваги: у питанні з кількома відповідями позначте правильні, як ~%50%варіант.',
  giftWeightInvalid: icu<[weight: string]>(
    'Вага відповіді «{weight}» — це відсоток від -100 до 100, як ~%50%.',
    'weight',
  ),
  giftNegativeWeight: 'Від’ємна вага можлива лише у варіантах вибору.',
  giftAnswerEmpty: 'Порожня відповідь.',
  giftAnswerCount: 'Правильних відповідей має бути від 1 до 20.',
  giftWildcard:
    'Шаблони із «*» у відповідях не підтримуються: перелічіть прийнятні відповіді через «=».',
  giftNoFullCredit: 'Жодна відповідь не дає 100 %: позначте повністю правильну.',
  giftNumberInvalid: icu<[text: string]>(
    "«{text}» — не число. Числова відповідь має вигляд '{#3.14:0.01}' або '{#1..5}'.",
    'text',
  ),
  giftNumberRange: 'У діапазоні {#a..b} початок має бути не більшим за кінець.',
  giftToleranceNegative: 'Похибка числової відповіді не може бути від’ємною.',
  giftNumberMissing: 'Немає числової відповіді після «#».',
  giftMatchingPair: 'Кожна пара на відповідність має вигляд «=ліве -> праве».',
  giftMatchingDistractor: icu<[right: string]>(
    'Зайва відповідь «{right}» без пари (« = -> …») не підтримується: приберіть її або допишіть ліву частину.',
    'right',
  ),
  giftMatchingCount: 'Пар на відповідність має бути від 2 до 10.',
  giftPointsInvalid: icu<[text: string]>(
    'Бали «{text}» — число від 0.5 до 100, як [points:2].',
    'text',
  ),
  giftTrueFalseExtra:
    'Після відповіді «правда» чи «неправда» можуть бути лише два відгуки: {T#якщо відповіли неправильно#якщо правильно}.',

  // The Aiken format
  aikenNoOptions: 'Після тексту питання немає варіантів «A) …» чи «A. …».',
  aikenNoAnswer: 'Немає рядка «ANSWER: X» з літерою правильного варіанта.',
  aikenAnswerUnknown: icu<[letter: string]>(
    'Варіанта «{letter}» серед відповідей немає.',
    'letter',
  ),
  aikenAnswerInvalid: 'Рядок відповіді має вигляд «ANSWER: B» — одна літера варіанта.',
  aikenOptionRepeated: icu<[letter: string]>('Літера варіанта «{letter}» повторюється.', 'letter'),
  aikenOptionWithoutQuestion: 'Варіант відповіді без питання: питання має бути над варіантами.',
  aikenAnswerWithoutQuestion: 'Рядок «ANSWER:» без питання над ним.',

  // Words an import writes into an explanation
  importTrue: 'Правда',
  importFalse: 'Неправда',
  importOtherAnswer: 'Інша відповідь',
  /** Stays a function in every language: an image without a description has none to name. */
  importImage: (alt: string) => (alt ? `[зображення: ${alt}]` : '[зображення]'),
  importFeedback: icu<[answer: string, feedback: string]>(
    '«{answer}»: {feedback}',
    'answer',
    'feedback',
  ),
  exportOrderingSkipped:
    'Питання на впорядкування: у форматі GIFT такого типу немає, тому його записано лише коментарем.',
} as const);
