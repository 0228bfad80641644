import type { Translation } from '../../i18n/catalog.ts';
import { icu } from '../../i18n/catalog.ts';
import type { assignmentMessages } from '../../assignment-messages.ts';

export const assignment: Translation<typeof assignmentMessages> = {
  defaultAssignmentTitle: 'Homework',
  assignmentNotFound: 'Assignment not found.',
  assignmentTitleInvalid: 'Assignment title — 1 to 200 characters.',
  assignmentSectionInvalid: 'Choose a section of this course.',
  assignmentDueInvalid: 'Give the due date as a date and time (ISO 8601) or leave it empty.',
  assignmentMaxPointsInvalid: 'Maximum points — a whole number from 1 to 100.',
  assignmentPublishedInvalid: 'State whether the assignment is published (true or false).',
  assignmentLimitReached: 'The course already has the maximum number of assignments (200).',
  assignmentHasSubmissions: 'The assignment already has submissions, so it cannot be deleted.',
  assignmentIsDefault:
    "This is the course's main homework assignment, so it cannot be deleted (you can change or hide it).",
  assignmentMaxPointsBelowGrades:
    'Some submissions are already graded above this maximum: regrade them first.',
  assignmentIdInvalid: 'Choose an assignment of this course.',
  assignmentImagesNotAllowed: "An assignment's instructions cannot contain images.",

  gradePointsInvalid: icu<[maxPoints: number]>(
    'The grade is a number from 0 to {maxPoints} (for example, 10 or 9.5).',
    'maxPoints',
  ),
  regradeReasonInvalid: 'Give a reason for changing the grade (up to 500 characters).',
  regradeNotGraded: 'The submission is not graded yet: grade it the usual way.',
  regradeRaced: 'The grade has just been changed. Refresh the page and try again.',

  homeworkCommentInvalid: 'Comment — 1 to 2000 characters.',

  calendarName: 'Urok — assignment deadlines',
  calendarFeedNotFound: 'Calendar not found: the link has expired or been revoked.',

  gradebookFileSuffix: 'gradebook',
  gradebookPercent: 'Percentage',
  gradebookStatusMissing: 'not submitted',
  gradebookStatusSubmitted: 'submitted',
  gradebookStatusLate: 'submitted late',
};
