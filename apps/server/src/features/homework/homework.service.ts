/**
 * Homework's service, and the one file other features may import; its jobs
 * live in files of their own:
 * - homework-json.ts: a submission as JSON, with its grade history;
 * - homework-access.ts: the course, for its enrolled students and its author;
 * - submissions.ts: uploads within the quotas, submitting and withdrawing;
 * - listings.ts: a student's own submissions, every submitter's for the author, a submission's file;
 * - grading.ts: grading once, and regrading with a reason;
 * - comments.ts: a submission's private thread;
 * - homework-exports.ts: the zip of every file and the grades' CSV.
 */
export { toHomework } from './homework-json.ts';
export { assertEnrolled } from './homework-access.ts';
export {
  deleteOwnHomework,
  findSubmittableAssignment,
  homeworkUploadLimit,
  homeworkUploadRule,
  isLateSubmission,
  submitHomework,
} from './submissions.ts';
export {
  assertHomeworkFileReadable,
  listOwnHomework,
  listUsersWithHomework,
  openHomeworkFile,
  usersWithHomeworkJson,
  type HomeworkFile,
} from './listings.ts';
export { gradeHomework, regradeHomework } from './grading.ts';
export { addComment, listComments } from './comments.ts';
export {
  createGradesCsv,
  createHomeworkArchive,
  type GradesCsv,
  type HomeworkArchive,
} from './homework-exports.ts';
