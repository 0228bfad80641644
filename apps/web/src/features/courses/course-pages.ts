/**
 * The pages of a signed-in user's own courses: the list, a course's details,
 * an assignment, the gradebook and 'Мої оцінки'. One module, so one chunk:
 * they share the cards, submission lists and forms, and every further chunk
 * is one more name in the entry's dynamic-import map, which /login loads
 * (its bundle budget, src/bundle-budget.test.ts).
 */
export { StudentCourseListPage } from './student-course-list-page';
export { TeacherCourseListPage } from './teacher-course-list-page';
export { MyCourseDetailsPage } from './my-course-details-page';
export { GradingPage } from './grading-pages';
export { JoinPage } from './join-page';
