import type { Translation } from '../../i18n/catalog.ts';
import { icu } from '../../i18n/catalog.ts';
import type { courseTabMessages } from '../../course-tabs.ts';

export const courseTabs: Translation<typeof courseTabMessages> = {
  tabsLabel: 'Course sections',
  tabs: {
    programme: 'Programme',
    assignments: 'Assignments',
    students: 'Students',
    gradebook: 'Gradebook',
    settings: 'Settings',
  },
  workHeading: 'Assignments and quizzes',
  workEmpty: 'The course has no assignments or quizzes yet. Add an assignment below.',
  workKind: { assignment: 'Assignment', quiz: 'Quiz' },
  draft: 'Draft',
  noDueDate: 'No deadline',
  dueOn: icu<[date: string]>('Due: {date}', 'date'),
  progressHeading: 'Student progress',
  forAssignment: 'Assignment:',
  quizzesNote: 'Quizzes are added in the course programme.',
};
