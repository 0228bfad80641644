/** API paths, relative to the base `/api/` (the specification's spelling kept). */
export const API_BASE = '/api/';

export const API = {
  health: 'health',
  register: 'auth/register',
  login: 'auth/login',
  getUser: 'auth/getUser',
  updateUser: 'auth/updateUser',
  logout: 'auth/logout',
  changePassword: 'auth/password',
  resetPassword: 'auth/reset-password',
  /** A reset link by mail (DESIGN section 17): 202 whether or not the number has an account. */
  forgotPassword: 'auth/forgot-password',
  teacherApplications: 'applications/teachers',
  courses: 'courses',
  course: (id: string) => `courses/${encodeURIComponent(id)}`,
  createCourse: 'newcourses/newcteate-course',
  updateCourse: 'courses/update',
  createdCourses: 'users/created-courses',
  enroll: (courseId: string) => `courses/${encodeURIComponent(courseId)}/enroll`,
  // The paths of classes (DESIGN section 17) are CLASS_API (classes.ts), and those of resumable
  // uploads UPLOAD_API (upload-paths.ts), apart from this map, so /login's entry chunk does not
  // carry them.
  userCourses: (userId: string) => `user/${encodeURIComponent(userId)}/courses`,
  uploadHomework: 'courses/upload-homework',
  ownHomework: (courseId: string) => `courses/${encodeURIComponent(courseId)}/homework`,
  usersWithHomework: (courseId: string) => `courses/${encodeURIComponent(courseId)}/userswithhw`,
  /** DELETE: the submitter withdraws an ungraded submission. */
  homework: (homeworkId: string) => `homework/${encodeURIComponent(homeworkId)}`,
  homeworkFile: (homeworkId: string) => `homework/${encodeURIComponent(homeworkId)}/file`,
  gradeHomework: (homeworkId: string) => `homework/${encodeURIComponent(homeworkId)}/grade`,
  homeworkZip: (courseId: string) => `courses/${encodeURIComponent(courseId)}/homework.zip`,
  gradesCsv: (courseId: string) => `courses/${encodeURIComponent(courseId)}/grades.csv`,
  cover: (key: string) => `files/covers/${encodeURIComponent(key)}`,
  // ---- public-site work ----
  pledges: 'pledges',
  contacts: 'contacts',
  // ---- end of public-site section ----
} as const;

/** Public landing pages of featured courses: /course-details:N (there is no :3). */
export const PUBLIC_LANDING_IDS = [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;
/** The landing pages a signed-in user reaches, plus the bare /course-details. */
export const SIGNED_IN_LANDING_IDS = [1, 2, 4, 5, 6, 7] as const;

/** Client routes of spec section 2, one typed map instead of string literals. */
export const ROUTES = {
  start: '/start',
  login: '/login',
  register: '/register',
  loginAlt: '/loginn',
  registerAlt: '/registerr',
  game: '/game',
  futureTeacher: '/future-teacher',
  donate: '/donate',
  courseDetails: '/course-details',
  courseLanding: (id: number) => `/course-details:${id}`,
  home: '/home',
  settings: '/settings',
  profile: '/profile',
  contacts: '/contacts',
  vacancyList: '/vacancylist',
  myCourseList: '/my-courselist',
  demoCourse: (id: string | number) => `/course/${id}`,
  myCourseDetails: (id: string) => `/mycourse-details/${id}`,
  /** An assignment: instructions, due date, the student's work or the author's list of submissions. */
  assignment: (courseId: string, assignmentId: string) =>
    `/mycourse-details/${courseId}/assignments/${assignmentId}`,
  /** A lesson of a course, as its enrolled students read it. */
  lesson: (courseId: string, lessonId: string) =>
    `/mycourse-details/${courseId}/lessons/${encodeURIComponent(lessonId)}`,
  /** A quiz: its rules and the student's attempts, or the author's settings, attempts and statistics. */
  quiz: (courseId: string, quizId: string) =>
    `/mycourse-details/${courseId}/quizzes/${encodeURIComponent(quizId)}`,
  /** Taking an attempt of a quiz, or reviewing it. */
  quizAttempt: (courseId: string, quizId: string, attemptId: string) =>
    `/mycourse-details/${courseId}/quizzes/${encodeURIComponent(quizId)}/attempts/${encodeURIComponent(attemptId)}`,
  /** The course's question bank (the author). */
  questionBank: (courseId: string) => `/mycourse-details/${courseId}/questions`,
  /** The author's gradebook of a course. */
  gradebook: (courseId: string) => `/mycourse-details/${courseId}/gradebook`,
  /** A student's grades in every course ('Мої оцінки'). */
  grades: '/grades',
  /** Every notification of the signed-in user. */
  notifications: '/notifications',
  test: '/test',
  courseGrid: '/course-grid-page',
  courseCreate: '/courseCreate',
  /** The one-time link of `npm run admin -- users reset-password` (signed out only). */
  resetPassword: '/reset-password',
  /** Asks for a reset link by mail (signed out only). */
  forgotPassword: '/forgot-password',
  /** A class's join link: signed out, sign in or register first, then joined. */
  join: (code: string) => `/join/${code}`,
  // ---- operators ----
  admin: '/admin',
  adminApplications: '/admin/applications',
  adminUsers: '/admin/users',
  adminCourses: '/admin/courses',
  adminAudit: '/admin/audit',
  // ---- end of operators section ----
} as const;
