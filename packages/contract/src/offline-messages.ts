/**
 * What the web app says about courses saved for offline and about being
 * offline (DESIGN section 15). Only the signed-in pages import it (never /login).
 */
export const offlineMessages = {
  /** The signed-in frame's banner while the browser has no network. */
  offlineBanner:
    'Немає мережі. Відкриваються курси, збережені для офлайн; решта сторінок потребує мережі.',
  /** A page whose answer is not on the device, with no network. */
  needsNetwork: 'Ця сторінка потребує мережі: її не збережено для офлайн.',
  saveForOffline: 'Зберегти для офлайн',
  offlineHeading: 'Офлайн',
  measuring: 'Рахуємо розмір курсу…',
  measureFailed: 'Не вдалося підготувати курс до збереження. Спробуйте ще раз.',
  planSize: (size: string) => `Уроки, зображення й файли: ${size}`,
  includeVideo: (size: string) => `Також відео (${size})`,
  noVideo: 'У курсі немає завантажених відео.',
  save: 'Зберегти',
  cancel: 'Скасувати',
  saving: 'Зберігаємо курс на пристрій…',
  savingProgress: (percent: number) => `Збережено ${percent}%`,
  saved: 'Збережено для офлайн',
  savedDetails: (size: string, date: string) => `${size}, збережено ${date}`,
  savedWithVideo: 'з відео',
  update: 'Оновити копію',
  remove: 'Видалити з пристрою',
  removeCourse: (title: string) => `Видалити «${title}» з пристрою`,
  saveFailed: 'Не вдалося зберегти курс. Спробуйте ще раз, коли мережа буде стабільною.',
  notEnoughSpace: (size: string) =>
    `На пристрої замало місця: курс займе ${size}. Звільніть місце або збережіть без відео.`,
  needsNetworkToSave: 'Зберегти курс можна, коли є мережа.',
  savedCoursesHeading: 'Курси, збережені для офлайн',
  savedCoursesIntro:
    'Ці курси відкриваються без мережі на цьому пристрої. Вихід із кабінету видаляє їх.',
  savedCoursesEmpty:
    'Збережених курсів немає. Відкрийте свій курс і натисніть «Зберегти для офлайн».',
  savedCoursesTotal: (size: string) => `Разом: ${size}`,
  savedLessons: (count: number) =>
    `${count} ${count % 10 === 1 && count % 100 !== 11 ? 'урок' : count % 10 >= 2 && count % 10 <= 4 && (count % 100 < 10 || count % 100 >= 20) ? 'уроки' : 'уроків'}`,
} as const;
