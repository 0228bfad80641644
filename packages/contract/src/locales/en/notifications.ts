import type { Translation } from '../../i18n/catalog.ts';
import { icu } from '../../i18n/catalog.ts';
import {
  NOTIFICATION_LIMITS,
  type NOTIFICATION_KIND_LABELS,
  type notificationMailText,
  type notificationMessages,
  type notificationTextMessages,
} from '../../notifications.ts';

export const notificationKinds: Translation<typeof NOTIFICATION_KIND_LABELS> = {
  'homework.graded': 'Grades for my work',
  'homework.submitted': 'New student submissions',
  'comment.created': 'Comments on submissions',
  'lesson.published': 'New lessons',
  'assignment.published': 'New assignments',
  'assignment.due_soon': 'Deadline reminders',
  'application.decided': 'Decisions on my teacher application',
  'quiz.published': 'New quizzes',
  'quiz.graded': 'Marked quizzes',
};

export const notificationTexts: Translation<typeof notificationTextMessages> = {
  gradedTitle: icu<[grade: string]>('Grade: {grade}', 'grade'),
  gradedBody: icu<[assignment: string]>(
    'Your work for the assignment “{assignment}” has been graded.',
    'assignment',
  ),
  regradedTitle: icu<[grade: string]>('Grade changed: {grade}', 'grade'),
  regradedBody: icu<[assignment: string, reason: string]>(
    'The grade of your work for the assignment “{assignment}” has been changed. Reason: {reason}',
    'assignment',
    'reason',
  ),
  submittedTitle: 'New submission',
  submittedBody: icu<[student: string, assignment: string]>(
    '{student} has handed in work for the assignment “{assignment}”.',
    'student',
    'assignment',
  ),
  commentTitle: 'New comment',
  commentBody: icu<[author: string, assignment: string]>(
    '{author} has commented on a submission for the assignment “{assignment}”.',
    'author',
    'assignment',
  ),
  lessonPublishedTitle: 'New lesson',
  lessonPublishedBody: icu<[course: string, lesson: string]>(
    'A new lesson “{lesson}” is in the course “{course}”.',
    'course',
    'lesson',
  ),
  assignmentPublishedTitle: 'New assignment',
  assignmentPublishedBody: icu<[course: string, assignment: string]>(
    'A new assignment “{assignment}” is in the course “{course}”.',
    'course',
    'assignment',
  ),
  assignmentPublishedDueBody: icu<[course: string, assignment: string, dueAt: string]>(
    'A new assignment “{assignment}” is in the course “{course}”. Due: {dueAt}.',
    'course',
    'assignment',
    'dueAt',
  ),
  quizPublishedTitle: 'New quiz',
  quizPublishedBody: icu<[course: string, quiz: string]>(
    'A new quiz “{quiz}” is in the course “{course}”.',
    'course',
    'quiz',
  ),
  quizPublishedClosingBody: icu<[course: string, quiz: string, closesAt: string]>(
    'A new quiz “{quiz}” is in the course “{course}”. Closes: {closesAt}.',
    'course',
    'quiz',
    'closesAt',
  ),
  quizGradedTitle: icu<[score: string, maxPoints: string]>(
    'Quiz marked: {score} out of {maxPoints}',
    'score',
    'maxPoints',
  ),
  quizGradedBody: icu<[quiz: string]>('Your attempt at the quiz “{quiz}” has been marked.', 'quiz'),
  quizDueSoonTitle: 'A quiz closes soon',
  quizDueSoonBody: icu<[course: string, quiz: string, closesAt: string]>(
    'The quiz “{quiz}” in the course “{course}” is open until {closesAt}.',
    'course',
    'quiz',
    'closesAt',
  ),
  dueSoonTitle: 'Deadline approaching',
  dueSoonBody: icu<[course: string, assignment: string, dueAt: string]>(
    'Your work for the assignment “{assignment}” in the course “{course}” is due by {dueAt}.',
    'course',
    'assignment',
    'dueAt',
  ),
  applicationApprovedTitle: 'Application approved',
  applicationApprovedBody:
    'Your teacher application has been approved: you can now create courses.',
  applicationRejectedTitle: 'Application rejected',
  applicationRejectedBody: 'Your teacher application has been rejected.',
};

export const notificationMail: Translation<typeof notificationMailText> = {
  subject: icu<[title: string]>('Urok: {title}', 'title'),
  greeting: icu<[name: string]>('Hello, {name}!', 'name'),
  open: 'Open',
  why: icu<[label: string]>(
    'You are receiving this e-mail because you have “{label}” e-mails turned on.',
    'label',
  ),
  unsubscribe: 'Unsubscribe from these e-mails',
  allSettings: 'All notification settings',
  unsubscribeTitle: 'Unsubscribe from e-mails',
  unsubscribeQuestion: icu<[label: string]>('Stop sending “{label}” e-mails?', 'label'),
  unsubscribeButton: 'Unsubscribe',
  unsubscribeDone: icu<[label: string]>(
    'Done: you will get no more “{label}” e-mails. You can turn them back on in your settings.',
    'label',
  ),
  unsubscribeInvalid:
    'The unsubscribe link is invalid. Change your e-mail settings in your account.',
};

export const notifications: Translation<typeof notificationMessages> = {
  streamsAddressFull:
    'Too many live notification connections are open from this address. Close the extra tabs or try again later.',
  streamsServerBusy:
    'The server is holding too many live connections right now. New notifications will appear when you reload the page.',
  streamLinkInvalid: 'The notification stream link is invalid or has expired.',
  pageTitle: 'Notifications',
  empty: 'No notifications yet.',
  markAllRead: 'Mark all as read',
  bellLabel: icu<[unread: number]>(
    '{unread, plural, =0 {Notifications} other {Notifications: {unread} unread}}',
    'unread',
  ),
  latestHeading: 'Latest notifications',
  seeAll: 'All notifications',
  loadMore: 'Show more',
  loadFailed: 'The notifications could not be loaded.',
  markFailed: 'The notifications could not be marked. Please try again.',
  unreadMark: 'New',
  preferencesHeading: 'E-mails',
  preferencesHint:
    'Notifications are always shown in your account; here you choose which of them are e-mailed too.',
  preferencesSaved: 'Saved',
  preferencesFailed: 'The settings could not be saved. Please try again.',
  preferencesInvalid: 'Notification settings look like {"email": {"kind": true|false}}.',
  readIdsInvalid: `At most ${NOTIFICATION_LIMITS.readIds} notifications can be marked at a time.`,
};
