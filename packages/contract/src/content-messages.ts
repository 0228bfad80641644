/**
 * The API's answers about course content: sections,
 * lessons, their documents, files and video, and progress. Included in
 * `messages` (messages.ts), as the server and every content page need them.
 * English: locales/en/content.ts.
 */
import { defineMessages, icu } from './i18n/catalog.ts';

export const contentMessages = defineMessages('content', {
  // Sections and the outline
  sectionNotFound: 'Розділ не знайдено.',
  sectionTitleInvalid: 'Назва розділу — від 1 до 120 символів.',
  sectionNotEmpty: 'У розділі є матеріали: перенесіть або видаліть їх спершу.',
  sectionLimitReached: 'У курсі вже максимальна кількість розділів (100).',
  defaultSectionTitle: 'Загальне',
  outlineMismatch:
    'Порядок курсу має містити рівно всі його розділи й матеріали, кожен один раз. Оновіть сторінку.',

  // Lessons
  lessonNotFound: 'Урок не знайдено.',
  lessonTitleInvalid: 'Назва уроку — від 1 до 200 символів.',
  lessonSectionInvalid: 'Оберіть розділ цього курсу.',
  lessonLimitReached: 'У курсі вже максимальна кількість уроків (1000).',
  lessonPublishedInvalid: 'Вкажіть, чи опубліковано урок (true або false).',
  videoUrlInvalid:
    'Посилання на відео — лише YouTube (youtube.com/watch?v=…, youtu.be/…) або Vimeo (vimeo.com/…).',

  // Documents (a lesson's text)
  documentInvalid: 'Текст уроку має неприпустимий формат.',
  documentTooLarge: 'Текст уроку завеликий: максимум 200 КБ.',
  documentTooDeep: 'Текст уроку має занадто глибоку вкладеність.',
  documentNodeNotAllowed: 'Текст уроку містить недозволений елемент',
  documentMarkNotAllowed: 'Текст уроку містить недозволене форматування',
  documentAttributeNotAllowed: 'Текст уроку містить недозволений атрибут',
  documentTextTooLong: 'Фрагмент тексту уроку завеликий.',
  documentLinkInvalid: 'Посилання в тексті уроку — лише http://, https:// або mailto:.',
  documentImageInvalid: 'Зображення в тексті уроку має бути файлом, доданим до цього уроку.',
  documentMathEmpty: 'Формула в тексті порожня: напишіть її в LaTeX або приберіть.',
  documentMathTooLong: 'Формула в тексті завелика: щонайбільше 2000 символів LaTeX.',

  // Files and video
  attachmentNotFound: 'Файл не знайдено.',
  attachmentTooLarge: 'Файл завеликий: максимум 50 МБ.',
  attachmentLimitReached: 'До уроку вже додано максимальну кількість файлів (50).',
  attachmentInUse: 'Файл показано в тексті уроку: приберіть зображення з тексту спершу.',
  videoNotFound: 'Відео не знайдено.',
  videoTooLarge: 'Відео завелике.',
  videoTypeUnsupported: 'Відео має бути у форматі MP4 або WebM.',
  rangeNotSatisfiable: 'Запитаний діапазон файлу недоступний.',
  mediaLinkInvalid: 'Посилання на файл недійсне або застаріло: відкрийте урок ще раз.',

  // Completion and progress
  lessonCompletionNotEnrolled: 'Позначати уроки можуть лише студенти, записані на курс.',

  // Web pages of course content: the outline, the lesson page
  outlineHeading: 'Програма курсу',
  outlineEmpty: 'У курсі ще немає опублікованих уроків.',
  outlineLoadFailed: 'Не вдалося завантажити програму курсу.',
  outlineCompleted: 'пройдено',
  outlineDraft: 'Чернетка',
  progressLabel: icu<[completed: number, total: number]>(
    'Пройдено {completed} з {total} уроків',
    'completed',
    'total',
  ),
  lessonLoadFailed: 'Не вдалося завантажити урок.',
  lessonBackToCourse: 'До курсу',
  lessonVideoHeading: 'Відео',
  lessonVideoTitle: icu<[title: string]>('Відео уроку «{title}»', 'title'),
  lessonAttachmentsHeading: 'Матеріали уроку',
  lessonDownload: icu<[fileName: string]>('Завантажити «{fileName}»', 'fileName'),
  lessonMarkDone: 'Позначити як пройдене',
  lessonMarkUndone: 'Зняти позначку',
  lessonDone: 'Урок пройдено',
  lessonCompletionFailed: 'Не вдалося зберегти позначку. Спробуйте ще раз.',
  /** The mark given offline waits on the device (apps/web lib/offline-queue.ts). */
  lessonCompletionQueued:
    'Немає зв’язку: позначку збережено на пристрої й буде надіслано, щойно мережа повернеться.',
  /** What a queued action was, in the banner of a refusal ('Урок «…»: позначка …'). */
  queuedCompletionLabel: icu<[title: string, done: boolean]>(
    '{done, select, true {Урок «{title}»: позначка «пройдено»} other {Урок «{title}»: зняття позначки «пройдено»}}',
    'title',
    'done',
  ),
  /** The banner of an action given offline that the server refused once the network came back. */
  queuedActionRefused: icu<[label: string, reason: string]>(
    'Не надіслано (сервер відмовив): {label}. {reason}',
    'label',
    'reason',
  ),
  queuedActionsDismiss: 'Зрозуміло',
  lessonPrevious: 'Попередній урок',
  lessonNext: 'Наступний урок',
  lessonNavigation: 'Уроки курсу',
  lessonImageMissing: 'Зображення недоступне',
  syllabusSignIn: 'Увійти, щоб записатися',
  publicCourseTeacher: 'Викладач',
  publicCourseLessons: 'Уроків у курсі',
  /** 1 урок, 2 уроки, 5 уроків, 11 уроків, 21 урок (Ukrainian plural forms). */
  lessonCount: icu<[count: number]>(
    '{count, plural, one {# урок} few {# уроки} many {# уроків} other {# уроку}}',
    'count',
  ),

  // Web pages of course content: the author's outline editor
  editorAddSection: 'Додати розділ',
  editorSectionTitle: 'Назва розділу',
  editorNewSectionTitle: 'Назва нового розділу',
  editorRename: 'Перейменувати',
  editorSave: 'Зберегти',
  editorCancel: 'Скасувати',
  editorDeleteSection: icu<[title: string]>('Видалити розділ «{title}»', 'title'),
  editorAddLesson: 'Додати урок',
  editorNewLessonTitle: icu<[section: string]>(
    'Назва нового уроку в розділі «{section}»',
    'section',
  ),
  editorPublish: icu<[title: string]>('Опублікувати «{title}»', 'title'),
  editorUnpublish: icu<[title: string]>('Зняти з публікації «{title}»', 'title'),
  editorPublished: 'Опубліковано',
  editorMoveUp: icu<[title: string]>('Перемістити «{title}» вище', 'title'),
  editorMoveDown: icu<[title: string]>('Перемістити «{title}» нижче', 'title'),
  editorEditLesson: icu<[title: string]>('Редагувати «{title}»', 'title'),
  editorDeleteLesson: icu<[title: string]>('Видалити урок «{title}»', 'title'),
  editorDeleteLessonConfirm: icu<[title: string]>(
    'Видалити урок «{title}» разом із його файлами, відео й позначками студентів?',
    'title',
  ),
  editorDeleteConfirm: 'Видалити',
  editorSaved: 'Збережено.',
  editorFailed: 'Не вдалося зберегти зміни. Спробуйте ще раз.',
  // Web pages of course content: the author's view of students' progress
  authorProgressHeading: 'Прогрес студентів',
  authorProgressEmpty: 'На курс ще ніхто не записався.',
  authorProgressStudent: 'Студент',
  authorProgressDone: 'Пройдено уроків',
  authorProgressOf: icu<[completed: number, total: number]>(
    '{completed} з {total}',
    'completed',
    'total',
  ),

  // Web pages of course content: the lesson editor
  lessonEditorTitle: icu<[title: string]>('Редагування: {title}', 'title'),
  lessonEditorTitleLabel: 'Назва уроку',
  lessonEditorTextLabel: 'Текст уроку',
  lessonEditorToolbar: 'Форматування',
  lessonEditorBold: 'Жирний',
  lessonEditorItalic: 'Курсив',
  lessonEditorUnderline: 'Підкреслений',
  lessonEditorStrike: 'Закреслений',
  lessonEditorCode: 'Код у рядку',
  lessonEditorHeading: icu<[level: number]>('Заголовок {level}', 'level'),
  lessonEditorBulletList: 'Маркований список',
  lessonEditorOrderedList: 'Нумерований список',
  lessonEditorBlockquote: 'Цитата',
  lessonEditorCodeBlock: 'Блок коду',
  lessonEditorRule: 'Горизонтальна лінія',
  lessonEditorBreak: 'Розрив рядка',
  lessonEditorLink: 'Посилання',
  lessonEditorLinkLabel: 'Адреса посилання (https://… або mailto:…)',
  lessonEditorLinkApply: 'Додати посилання',
  lessonEditorLinkRemove: 'Прибрати посилання',
  lessonEditorLinkDialog: 'Посилання на виділений текст',
  lessonEditorLinkAdd: 'Додати',
  lessonEditorImage: 'Зображення з файлу',
  lessonEditorPublish: 'Опублікувати',
  lessonEditorUnpublish: 'Зняти з публікації',
  lessonEditorIsPublished: 'Урок опубліковано: студенти курсу його бачать.',
  lessonEditorIsDraft: 'Чернетка: студенти ще не бачать цього уроку.',
  lessonEditorEmptyWarning:
    'В уроці ще немає ні тексту, ні файлів, ні відео: студенти побачать порожню сторінку. Опублікувати все одно?',
  lessonEditorPublishEmpty: 'Опублікувати порожній урок',
  lessonEditorSaving: 'Збереження…',
  lessonEditorSaved: 'Усі зміни збережено.',
  lessonEditorUnsaved: 'Є незбережені зміни.',
  lessonEditorSaveFailed: icu<[reason: string]>(
    'Не вдалося зберегти: {reason} Зміни збережено на цьому пристрої; повторимо спробу.',
    'reason',
  ),
  lessonEditorRetry: 'Зберегти зараз',
  lessonEditorDraftRestored: 'Відновлено незбережені зміни з цього пристрою.',
  lessonEditorView: 'Переглянути урок',
  lessonEditorFilesHeading: 'Файли уроку',
  lessonEditorFileLabel: 'Додати файл',
  lessonEditorUploading: icu<[percent: number]>('Завантаження: {percent}%', 'percent'),
  lessonEditorRemoveFile: icu<[fileName: string]>('Видалити «{fileName}»', 'fileName'),
  lessonEditorVideoHeading: 'Відео уроку',
  lessonEditorVideoFileLabel: 'Завантажити відео (MP4 або WebM)',
  lessonEditorVideoUrlLabel: 'Або посилання на YouTube чи Vimeo',
  lessonEditorVideoUrlSave: 'Зберегти посилання',
  lessonEditorVideoRemove: 'Прибрати відео',
  lessonEditorVideoCurrent: icu<[fileName: string]>('Завантажене відео: {fileName}', 'fileName'),
  // Math in documents (KaTeX): the renderer and the editor's formula tool
  mathError: icu<[reason: string]>('Помилка у формулі: {reason}', 'reason'),
  mathLoading: 'Формула завантажується…',
  mathEditorOpen: 'Формула',
  mathEditorHeading: 'Формула (LaTeX)',
  mathEditorLatexLabel: 'LaTeX, наприклад \\frac{v^2}{2g}',
  mathEditorDisplayLabel: 'Окремим рядком (інакше — у рядку тексту)',
  mathEditorPreview: 'Попередній перегляд',
  mathEditorPreviewEmpty: 'Напишіть формулу, і вона з’явиться тут.',
  mathEditorInsert: 'Вставити формулу',
  mathEditorUpdate: 'Оновити формулу',
  mathEditorCancel: 'Скасувати',
  mathEditorEditHint: 'Щоб змінити формулу, виділіть її в тексті й натисніть «Формула».',
  editorDragHint: 'Перетягніть урок чи розділ мишею або переставте кнопками «вище» й «нижче».',
  syllabusSignInHint: 'Увійдіть і запишіться на курс, щоб відкрити уроки.',
} as const);
