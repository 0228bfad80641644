/**
 * The web app's quiz pages: the question bank, a quiz, taking and reviewing
 * an attempt (DESIGN section 14's web routes). Included in `messages`.
 * English: locales/en/quiz-page.ts. Points are ICU numbers: '9,5' in
 * Ukrainian, '9.5' in English.
 */
import { defineMessages, icu, type IcuMessage } from './i18n/catalog.ts';

/**
 * A message given a name it shows in lower case (a quiz's grading rule inside
 * a sentence): the message takes the name as the pages have it, its ICU text
 * the lowered one. A translation wraps its text the same way.
 */
export function lowerCased(message: IcuMessage<[name: string]>) {
  const format = (name: string) => message(name.toLowerCase());
  return Object.assign(format, { message: message.message, params: message.params });
}

export const quizPageMessages = defineMessages('quizPage', {
  // Shared
  quizLoadFailed: 'Не вдалося завантажити тест.',
  quizSaveFailed: 'Не вдалося зберегти. Спробуйте ще раз.',
  quizBackToCourse: 'До курсу',
  quizBackToQuiz: 'До тесту',
  quizPoints: icu<[score: number | null, max: number]>(
    '{score, select, null {—} other {{score, number}}} з {max, number}',
    'score',
    'max',
  ),
  quizKindNames: {
    single: 'Одна правильна відповідь',
    multiple: 'Кілька правильних відповідей',
    truefalse: 'Правда чи неправда',
    short: 'Коротка відповідь',
    numeric: 'Числова відповідь',
    matching: 'Відповідність',
    ordering: 'Упорядкування',
    essay: 'Есе',
  },
  /** Stays a function in every language: it formats a date and time. */
  quizDateTime: (iso: string) =>
    new Intl.DateTimeFormat('uk-UA', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    ),

  // The question bank
  bankTitle: 'Банк питань',
  bankLink: 'Банк питань',
  bankSearchLabel: 'Пошук у тексті питань',
  bankTagLabel: 'Мітка',
  bankAllTags: 'Усі мітки',
  bankEmpty: 'У банку ще немає питань. Створіть питання або імпортуйте їх з GIFT чи Aiken.',
  bankNoMatch: 'Жодне питання не відповідає пошуку.',
  bankMore: 'Показати ще',
  bankNew: 'Нове питання',
  bankEdit: 'Змінити',
  bankDelete: 'Видалити',
  bankDeleteConfirm: icu<[title: string]>('Видалити питання «{title}»?', 'title'),
  bankCount: icu<[count: number]>('Питань: {count}', 'count'),
  bankImportHeading: 'Імпорт питань',
  bankImportFormat: 'Формат',
  bankImportText: 'Текст питань',
  bankImportFile: 'Або файл (.txt, .gift)',
  bankImportTag: 'Додати мітку всім новим питанням (необов’язково)',
  bankImportAction: 'Імпортувати',
  bankImportDone: icu<[count: number]>('Імпортовано питань: {count}.', 'count'),
  bankImportLine: icu<[line: number, message: string]>(
    'Рядок {line}: {message}',
    'line',
    'message',
  ),
  bankExport: 'Експорт у GIFT',
  bankExportTagged: icu<[tag: string]>('Експорт у GIFT (мітка «{tag}»)', 'tag'),

  // The question form
  questionFormNew: 'Нове питання',
  questionFormEdit: 'Редагування питання',
  questionKind: 'Тип питання',
  questionText: 'Текст питання',
  questionExplanation: 'Пояснення (показується під час перегляду)',
  questionPointsLabel: 'Бали',
  questionTagsLabel: 'Мітки через кому',
  questionOptions: 'Варіанти відповіді',
  questionOptionLabel: icu<[index: number]>('Варіант {index}', 'index'),
  questionOptionRight: icu<[index: number]>('Варіант {index} правильний', 'index'),
  questionAddOption: 'Додати варіант',
  questionRemove: icu<[label: string]>('Прибрати: {label}', 'label'),
  questionTrueFalseRight: 'Правильна відповідь',
  questionTrue: 'Правда',
  questionFalse: 'Неправда',
  questionAccepted: 'Прийнятні відповіді, кожна з нового рядка',
  questionValue: 'Правильне число',
  questionTolerance: 'Допустима похибка (±)',
  questionPairs: 'Пари (ліва частина — права частина)',
  questionPairLeft: icu<[index: number]>('Пара {index}: ліва частина', 'index'),
  questionPairRight: icu<[index: number]>('Пара {index}: права частина', 'index'),
  questionAddPair: 'Додати пару',
  questionItems: 'Елементи у правильному порядку',
  questionItemLabel: icu<[index: number]>('Елемент {index}', 'index'),
  questionAddItem: 'Додати елемент',
  questionEssayHint: 'Есе оцінює викладач після здачі спроби.',
  questionSave: 'Зберегти питання',
  questionCancel: 'Скасувати',
  questionSaved: 'Питання збережено.',
  questionTextRequired: 'Напишіть текст питання.',

  // A quiz: the author's settings
  quizSettings: 'Налаштування тесту',
  quizTitleLabel: 'Назва тесту',
  quizOpensAt: 'Відкривається',
  quizClosesAt: 'Закривається',
  quizTimeLimit: 'Обмеження часу, хвилин (порожньо — без обмеження)',
  quizAttemptsAllowedLabel: 'Дозволено спроб',
  quizGradingLabel: 'Оцінка за кількох спроб',
  quizGradingNames: { highest: 'Найвища', last: 'Остання', average: 'Середня' },
  quizShuffleQuestions: 'Перемішувати питання',
  quizShuffleOptions: 'Перемішувати варіанти відповіді',
  quizReviewLabel: 'Коли студент бачить правильні відповіді',
  quizReviewNames: {
    after_submit: 'Одразу після здачі',
    after_close: 'Після закриття тесту',
    never: 'Ніколи (лише загальний бал)',
  },
  quizPublishedLabel: 'Опубліковано (студенти бачать тест)',
  quizSave: 'Зберегти налаштування',
  quizSaved: 'Налаштування збережено.',
  quizQuestions: 'Питання тесту',
  quizNoSlots: 'У тесті ще немає питань: додайте їх з банку.',
  quizAddQuestion: 'Додати питання з банку',
  quizAddQuestionAction: 'Додати',
  quizAddRandom: 'Або випадкові питання з мітки',
  quizRandomCount: 'Скільки питань',
  quizRandomTag: 'З мітки',
  quizAddRandomAction: 'Додати випадкові',
  quizSlotRandom: icu<[count: number, tag: string]>(
    '{count} випадк. з мітки «{tag}»',
    'count',
    'tag',
  ),
  quizSlotUp: icu<[index: number]>('Питання {index} вище', 'index'),
  quizSlotDown: icu<[index: number]>('Питання {index} нижче', 'index'),
  quizSlotRemove: icu<[index: number]>('Прибрати питання {index}', 'index'),
  quizLocked: 'Тест уже має спроби: питання й правила змінити не можна.',
  quizDelete: 'Видалити тест',
  quizDeleteConfirm: 'Видалити тест? Це не можна скасувати.',
  quizSummary: icu<[count: number, max: number]>(
    'Питань: {count}, балів: {max, number}',
    'count',
    'max',
  ),

  // A quiz: attempts (the author) and statistics
  quizAttemptsHeading: 'Спроби',
  quizNoAttempts: 'Ще ніхто не проходив тест.',
  quizAttemptStudent: 'Студент',
  quizAttemptState: 'Стан',
  quizAttemptScore: 'Бали',
  quizAttemptStarted: 'Почато',
  quizAttemptOpen: 'Триває',
  quizAttemptSubmitted: 'Завершено',
  quizAttemptPending: 'Очікує перевірки есе',
  quizAttemptOpenLink: icu<[name: string]>('Спроба: {name}', 'name'),
  statsHeading: 'Статистика',
  statsNone: 'Статистика з’явиться після першої завершеної спроби.',
  statsAttempts: 'Завершених спроб',
  statsMean: 'Середній бал',
  statsMedian: 'Медіана',
  statsStdev: 'Стандартне відхилення',
  statsAlpha: 'Альфа Кронбаха',
  statsHistogram: 'Розподіл балів',
  statsBand: icu<[from: number, to: number, count: number]>(
    '{from, number}–{to, number} балів: {count}',
    'from',
    'to',
    'count',
  ),
  statsQuestion: 'Питання',
  statsFacility: 'Легкість',
  statsDiscrimination: 'Розрізнення',
  statsAnswers: 'Відповіді',
  statsFlagged: 'Варто переглянути',
  statsNotFlagged: 'Добре',
  statsNone2: '—',

  // A quiz: the student's view
  quizRules: 'Правила',
  quizRuleOpens: icu<[when: string]>('Відкривається: {when}', 'when'),
  quizRuleCloses: icu<[when: string]>('Закривається: {when}', 'when'),
  quizRuleTime: icu<[minutes: number]>('Час на спробу: {minutes} хв', 'minutes'),
  quizRuleNoTime: 'Без обмеження часу',
  quizRuleAttempts: icu<[allowed: number]>('Дозволено спроб: {allowed}', 'allowed'),
  quizRuleGrading: lowerCased(icu('Оцінка: {name} зі спроб', 'name')),
  quizYourAttempts: 'Ваші спроби',
  quizStart: 'Почати спробу',
  quizContinue: 'Продовжити',
  quizCannotStart: 'Зараз почати спробу не можна.',
  quizAttemptN: icu<[n: number]>('Спроба {n}', 'n'),
  quizReview: 'Переглянути',

  // Taking an attempt
  attemptTitle: icu<[title: string]>('Спроба: {title}', 'title'),
  attemptNavigator: 'Питання спроби',
  attemptNavItem: icu<[slot: number, answered: boolean]>(
    'Питання {slot}{answered, select, true {, є відповідь} other {, без відповіді}}',
    'slot',
    'answered',
  ),
  attemptQuestionOf: icu<[slot: number, total: number]>(
    'Питання {slot} з {total}',
    'slot',
    'total',
  ),
  attemptQuestionPoints: icu<[value: number]>('балів: {value, number}', 'value'),
  attemptPrev: 'Попереднє',
  attemptNext: 'Наступне',
  attemptOnePage: 'Усі питання на одній сторінці',
  attemptOneByOne: 'По одному питанню',
  attemptSaved: 'Збережено',
  attemptSaving: 'Зберігаємо…',
  attemptRetrying: 'Не збережено — повторюємо',
  attemptOfflineKept:
    'Немає зв’язку: відповіді збережено на пристрої й буде надіслано, щойно мережа повернеться.',
  attemptTimeLeft: icu<[text: string]>('Залишилось: {text}', 'text'),
  attemptMinutesLeft: icu<[minutes: number]>(
    '{minutes, plural, =1 {Залишилась 1 хвилина.} other {Залишилось {minutes} хвилин.}}',
    'minutes',
  ),
  attemptTimeUp: 'Час вийшов: спробу завершено з усіма збереженими відповідями.',
  attemptFinish: 'Завершити спробу',
  attemptFinishConfirm: 'Завершити спробу? Змінити відповіді після цього не можна.',
  /** Stays a function in every language: it lists the questions. */
  attemptUnanswered: (slots: number[]) =>
    slots.length === 0
      ? 'Ви відповіли на всі питання.'
      : `Без відповіді: ${slots.map((slot) => `питання ${slot}`).join(', ')}.`,
  attemptFinishYes: 'Так, завершити',
  attemptFinishNo: 'Повернутися до питань',
  attemptChoose: 'Оберіть відповідь',
  attemptYourAnswer: 'Ваша відповідь',
  attemptMatchFor: icu<[left: string]>('Відповідність для «{left}»', 'left'),
  attemptMatchNone: '— оберіть —',
  attemptMoveUp: icu<[item: string]>('«{item}» вище', 'item'),
  attemptMoveDown: icu<[item: string]>('«{item}» нижче', 'item'),
  attemptNumberHint: 'Число; кома чи крапка.',
  attemptEssayCount: icu<[count: number]>('{count} з 20 000 символів', 'count'),

  // Reviewing an attempt
  attemptResult: 'Результат',
  attemptScore: icu<[score: number | null, max: number]>(
    'Бали: {score, select, null {—} other {{score, number}}} з {max, number}',
    'score',
    'max',
  ),
  attemptPendingNote: 'Есе ще перевіряє викладач: бал може зрости.',
  attemptReviewHidden: 'Правильні відповіді буде показано, коли це дозволить викладач.',
  attemptQuestionScore: icu<[score: number | null, max: number]>(
    '{score, select, null {Ще не оцінено (з {max, number})} other {{score, number} з {max, number} балів}}',
    'score',
    'max',
  ),
  attemptRightAnswer: 'Правильна відповідь',
  attemptNoAnswer: 'Без відповіді',
  attemptFeedback: 'Коментар викладача',
  attemptGradeLabel: icu<[max: number]>('Бали (0–{max, number})', 'max'),
  attemptGradeFeedback: 'Коментар (необов’язково)',
  attemptGradeSave: 'Оцінити',
  attemptGraded: 'Оцінку збережено.',
  attemptAutoScore: icu<[score: number | null]>(
    'Автоматично: {score, select, null {—} other {{score, number}}}',
    'score',
  ),
  attemptStudent: icu<[name: string]>('Студент: {name}', 'name'),

  // The outline
  outlineQuiz: 'Тест',
  outlineAddQuiz: 'Додати тест',
  outlineNewQuizLabel: icu<[section: string]>(
    'Назва нового тесту в розділі «{section}»',
    'section',
  ),
} as const);
