/**
 * The tabs of a teacher's course page, each its own route under
 * /mycourse-details/{courseId}: the bare address is the programme. Apart
 * from paths.ts, so /login does not carry them.
 */
import { defineMessages, icu } from './i18n/catalog.ts';

export const COURSE_TABS = [
  'programme',
  'assignments',
  'students',
  'gradebook',
  'settings',
] as const;
export type CourseTab = (typeof COURSE_TABS)[number];

export const COURSE_TAB_ROUTES = {
  /** A tab of the author's course page; the programme is the course's own address. */
  tab: (courseId: string, tab: CourseTab) =>
    tab === 'programme' ? `/mycourse-details/${courseId}` : `/mycourse-details/${courseId}/${tab}`,
};

/** English: locales/en/course-tabs.ts. */
export const courseTabMessages = defineMessages('courseTabs', {
  /** The tab list's accessible name. */
  tabsLabel: 'Розділи курсу',
  tabs: {
    programme: 'Програма',
    assignments: 'Завдання',
    students: 'Студенти',
    gradebook: 'Журнал оцінок',
    settings: 'Налаштування',
  } satisfies Record<CourseTab, string>,
  workHeading: 'Завдання і тести',
  workEmpty: 'У курсі ще немає завдань і тестів. Додайте завдання нижче.',
  workKind: { assignment: 'Завдання', quiz: 'Тест' } satisfies Record<
    'assignment' | 'quiz',
    string
  >,
  draft: 'Чернетка',
  noDueDate: 'Без терміну',
  /** `date`: already formatted. */
  dueOn: icu<[date: string]>('Термін: {date}', 'date'),
  progressHeading: 'Поступ студентів',
  forAssignment: 'Завдання:',
  quizzesNote: 'Тест додають у програмі курсу.',
} as const);
