/**
 * The copy of the operator's console (/admin, /admin/applications,
 * /admin/users, /admin/courses, /admin/audit). Those pages load on demand
 * and only for operators, so their words live in a module of their own.
 * The API's answers (accountBlocked, lastOperator, …) are in messages.ts.
 *
 * Labels and button names are what the end-to-end tests target: keep them stable.
 * English: locales/en/admin.ts.
 */
import { defineMessages, icu } from './i18n/catalog.ts';
import { storageSize } from './storage-size.ts';

export const adminMessages = defineMessages('admin', {
  // Shared
  loadFailed: 'Не вдалося завантажити дані.',
  retry: 'Спробувати ще раз',
  loadMore: 'Показати ще',
  search: 'Знайти',
  confirm: 'Підтвердити',
  cancel: 'Скасувати',
  actionFailed: 'Не вдалося виконати дію.',
  empty: 'Нічого не знайдено.',

  // /admin
  overviewTitle: 'Огляд платформи',
  statStudents: 'Студенти',
  statTeachers: 'Викладачі',
  statOperators: 'Оператори',
  statCourses: 'Курси',
  statSubmissions: 'Надіслані роботи',
  statSubmissionsWeek: icu<[count: number]>('за 7 днів: {count}', 'count'),
  statPending: 'Заявки, що чекають',
  statStorage: 'Збережені файли',
  chartTitle: 'Надіслані роботи за останні 30 днів',
  chartDescription: icu<[total: number, max: number]>(
    'Стовпчикова діаграма: усього {total} робіт, найбільше за день — {max}.',
    'total',
    'max',
  ),
  chartBar: icu<[day: string, count: number]>('{day}: {count}', 'day', 'count'),
  chartTable: 'Показати числа',
  bytes: storageSize(icu('{size} {unit, select, kb {КБ} mb {МБ} other {ГБ}}', 'size', 'unit')),

  // /admin/applications
  applicationsTitle: 'Заявки викладачів',
  statusFilter: 'Статус',
  statusAll: 'Усі',
  statusPending: 'Очікують',
  statusApproved: 'Схвалені',
  statusRejected: 'Відхилені',
  applicationsEmpty: 'Заявок немає.',
  applicationSubmitted: icu<[date: string]>('Подано {date}', 'date'),
  applicationDecided: icu<[date: string]>('Рішення {date}', 'date'),
  applicationSubject: 'Предмет',
  applicationExperience: 'Досвід',
  applicationMotivation: 'Мотивація',
  applicationContacts: 'Контакти',
  noteLabel: 'Примітка до рішення',
  reasonLabel: "Причина (необов'язково; видно в журналі)",
  auditFilterHeading: 'Фільтри журналу',
  auditFilterActor: 'Хто',
  auditFilterAction: 'Дія',
  auditFilterAnyAction: 'Усі дії',
  auditFilterFrom: 'Від дати',
  auditFilterTo: 'До дати',
  auditFilterApply: 'Показати',
  auditFilterReset: 'Скинути',
  auditFilteredEmpty: 'Жодного запису за цими фільтрами.',
  noteHint: "Необов'язково; бачать лише оператори.",
  decisionNote: icu<[note: string]>('Примітка: {note}', 'note'),
  approve: 'Схвалити',
  reject: 'Відхилити',
  approved: 'Заявку схвалено.',
  rejected: 'Заявку відхилено.',
  alreadyDecided: 'Цю заявку вже розглянуто: список оновлено.',

  // /admin/users
  usersTitle: 'Користувачі',
  usersSearchLabel: "Ім'я або телефон",
  roleFilter: 'Роль',
  roleAll: 'Усі ролі',
  roleStudent: 'Студент',
  roleTeacher: 'Викладач',
  roleOperator: 'Оператор',
  blockedBadge: 'Заблоковано',
  youBadge: 'Це ви',
  columnName: "Ім'я",
  columnTelephone: 'Телефон',
  columnRole: 'Роль',
  columnCreated: 'Зареєстровано',
  columnActions: 'Дії',
  makeTeacher: 'Зробити викладачем',
  makeStudent: 'Зробити студентом',
  makeOperator: 'Призначити оператором',
  removeOperator: 'Зняти роль оператора',
  block: 'Заблокувати',
  unblock: 'Розблокувати',
  resetLink: 'Посилання для скидання пароля',
  confirmMakeTeacher: icu<[name: string]>('Зробити {name} викладачем?', 'name'),
  confirmMakeStudent: icu<[name: string]>(
    'Зробити {name} студентом? Курси залишаться, але права автора зникнуть.',
    'name',
  ),
  confirmMakeOperator: icu<[name: string]>(
    'Призначити {name} оператором? Оператор керує всією платформою.',
    'name',
  ),
  confirmRemoveOperator: icu<[name: string]>('Зняти з {name} роль оператора?', 'name'),
  confirmBlock: icu<[name: string]>(
    'Заблокувати {name}? Усі сеанси завершаться одразу, увійти знову не вийде.',
    'name',
  ),
  confirmUnblock: icu<[name: string]>('Розблокувати {name}?', 'name'),
  confirmResetLink: icu<[name: string]>(
    'Створити одноразове посилання для скидання пароля {name}? Попередні посилання перестануть діяти.',
    'name',
  ),
  userUpdated: icu<[name: string]>('Зміни для {name} збережено.', 'name'),
  resetLinkTitle: 'Одноразове посилання',
  resetLinkOnce: icu<[date: string]>(
    'Показується лише зараз. Діє один раз, до {date}. Передайте його користувачу самі.',
    'date',
  ),
  copy: 'Копіювати',
  copied: 'Скопійовано',
  close: 'Закрити',

  // /admin/courses
  coursesTitle: 'Курси платформи',
  coursesSearchLabel: 'Назва, опис або категорія',
  hiddenBadge: 'Приховано',
  hide: 'Приховати',
  unhide: 'Показати',
  confirmHide: icu<[title: string]>(
    'Приховати «{title}»? Курс зникне з каталогу й пошуку; автор і записані студенти його бачитимуть.',
    'title',
  ),
  confirmUnhide: icu<[title: string]>('Повернути «{title}» до каталогу?', 'title'),
  courseHidden: 'Курс приховано.',
  courseShown: 'Курс знову в каталозі.',
  courseAuthor: icu<[name: string]>('Автор: {name}', 'name'),
  courseEnrolled: icu<[count: number]>('Записано: {count}', 'count'),

  // /admin/audit
  auditTitle: 'Журнал дій',
  auditEmpty: 'Записів ще немає.',
  columnWhen: 'Коли',
  columnWho: 'Хто',
  columnAction: 'Дія',
  columnTarget: 'Об’єкт',
  columnDetails: 'Подробиці',
  actorCli: icu<[name: string]>('Командний рядок ({name})', 'name'),
  actorSystem: 'Система',
  /** An operator's account id and telephone when they acted, under their name. */
  actorTelephone: icu<[telephone: string]>('тел. {telephone}', 'telephone'),
  actorId: icu<[id: string]>('ID {id}', 'id'),
  actions: {
    'application.approve': 'Схвалення заявки',
    'application.reject': 'Відхилення заявки',
    'user.role': 'Зміна ролі',
    'user.operator': 'Роль оператора',
    'user.block': 'Блокування',
    'user.unblock': 'Розблокування',
    'user.reset-link': 'Посилання для скидання пароля',
    'course.visibility': 'Видимість курсу',
  } satisfies Record<string, string>,
  /** The names of an entry's details (the server writes them in English: lib/audit.ts). */
  detailKeys: {
    from: 'Було',
    to: 'Стало',
    note: 'Примітка',
    reason: 'Причина',
    teacher: 'Викладач',
  } as Record<string, string>,
  /** The values of a change's `from` and `to`: a course's visibility, a role, the operator flag. */
  detailValues: {
    hidden: 'прихований',
    visible: 'у каталозі',
    teacher: 'викладач',
    student: 'студент',
    true: 'так',
    false: 'ні',
  } as Record<string, string>,
} as const);
