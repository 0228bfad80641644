/**
 * What the web app says about courses saved for offline and about being
 * offline (DESIGN section 15). Only the signed-in pages import it (never /login).
 * English: locales/en/offline.ts.
 */
import { defineMessages, icu } from './i18n/catalog.ts';

export const offlineMessages = defineMessages('offline', {
  /** The signed-in frame's banner while the browser has no network. */
  offlineBanner:
    'Немає мережі. Відкриваються курси, збережені для офлайн; решта сторінок потребує мережі.',
  /** A page whose answer is not on the device, with no network. */
  needsNetwork: 'Ця сторінка потребує мережі: її не збережено для офлайн.',
  saveForOffline: 'Зберегти для офлайн',
  offlineHeading: 'Офлайн',
  measuring: 'Рахуємо розмір курсу…',
  measureFailed: 'Не вдалося підготувати курс до збереження. Спробуйте ще раз.',
  planSize: icu<[size: string]>('Уроки, зображення й файли: {size}', 'size'),
  includeVideo: icu<[size: string]>('Також відео ({size})', 'size'),
  noVideo: 'У курсі немає завантажених відео.',
  save: 'Зберегти',
  cancel: 'Скасувати',
  saving: 'Зберігаємо курс на пристрій…',
  savingProgress: icu<[percent: number]>('Збережено {percent}%', 'percent'),
  saved: 'Збережено для офлайн',
  savedDetails: icu<[size: string, date: string]>('{size}, збережено {date}', 'size', 'date'),
  savedWithVideo: 'з відео',
  update: 'Оновити копію',
  remove: 'Видалити з пристрою',
  removeCourse: icu<[title: string]>('Видалити «{title}» з пристрою', 'title'),
  saveFailed: 'Не вдалося зберегти курс. Спробуйте ще раз, коли мережа буде стабільною.',
  notEnoughSpace: icu<[size: string]>(
    'На пристрої замало місця: курс займе {size}. Звільніть місце або збережіть без відео.',
    'size',
  ),
  needsNetworkToSave: 'Зберегти курс можна, коли є мережа.',
  savedCoursesHeading: 'Курси, збережені для офлайн',
  savedCoursesIntro:
    'Ці курси відкриваються без мережі на цьому пристрої. Вихід із кабінету видаляє їх.',
  savedCoursesEmpty:
    'Збережених курсів немає. Відкрийте свій курс і натисніть «Зберегти для офлайн».',
  savedCoursesTotal: icu<[size: string]>('Разом: {size}', 'size'),
  savedLessons: icu<[count: number]>(
    '{count, plural, one {# урок} few {# уроки} many {# уроків} other {# уроку}}',
    'count',
  ),
} as const);
