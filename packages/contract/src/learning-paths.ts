/**
 * The API paths of lessons, assignments, grades and the calendar, under
 * API_BASE: apart from `API`, which /login's JavaScript carries whole, so the
 * pages that call them bring them.
 */
export const LEARNING_API = {
  // ---- course content ----
  outline: (courseId: string) => `courses/${encodeURIComponent(courseId)}/outline`,
  sections: (courseId: string) => `courses/${encodeURIComponent(courseId)}/sections`,
  section: (sectionId: string) => `sections/${encodeURIComponent(sectionId)}`,
  lessons: (courseId: string) => `courses/${encodeURIComponent(courseId)}/lessons`,
  lesson: (lessonId: string) => `lessons/${encodeURIComponent(lessonId)}`,
  lessonAttachments: (lessonId: string) => `lessons/${encodeURIComponent(lessonId)}/attachments`,
  attachment: (attachmentId: string) => `attachments/${encodeURIComponent(attachmentId)}`,
  attachmentFile: (attachmentId: string) => `attachments/${encodeURIComponent(attachmentId)}/file`,
  lessonVideo: (lessonId: string) => `lessons/${encodeURIComponent(lessonId)}/video`,
  lessonCompletion: (lessonId: string) => `lessons/${encodeURIComponent(lessonId)}/completion`,
  progress: (courseId: string) => `courses/${encodeURIComponent(courseId)}/progress`,
  // ---- end of course content section ----
  // ---- assignments, grading, gradebook ----
  assignments: (courseId: string) => `courses/${encodeURIComponent(courseId)}/assignments`,
  assignment: (assignmentId: string) => `assignments/${encodeURIComponent(assignmentId)}`,
  regradeHomework: (homeworkId: string) => `homework/${encodeURIComponent(homeworkId)}/regrade`,
  homeworkComments: (homeworkId: string) => `homework/${encodeURIComponent(homeworkId)}/comments`,
  homeworkFileLink: (homeworkId: string) => `homework/${encodeURIComponent(homeworkId)}/file-link`,
  gradebook: (courseId: string) => `courses/${encodeURIComponent(courseId)}/gradebook`,
  gradebookCsv: (courseId: string) => `courses/${encodeURIComponent(courseId)}/gradebook.csv`,
  userGrades: (userId: string) => `user/${encodeURIComponent(userId)}/grades`,
  calendarFeed: 'calendar/feed',
  calendarIcs: (token: string) => `calendar/${encodeURIComponent(token)}.ics`,
  // ---- end of assignments section ----
} as const;
