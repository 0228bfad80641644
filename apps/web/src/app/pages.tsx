/**
 * The pages loaded on demand: each is its own chunk (React.lazy) behind a
 * spinner, with the 120 s timeout and retry of lazyPage. Only /login is in
 * the entry chunk, so the sign-in page stays small.
 */
import type { ComponentType } from 'react';
import { lazyPage } from '../components/ui/lazy-page';

/** A course page, each exported by name from its chunk. */
function coursePage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazyPage(() => load().then((page) => ({ default: page })));
}

// Signed out
export const RegisterPage = lazyPage(() =>
  import('../features/auth/register-page').then((m) => ({ default: m.RegisterPage })),
);
export const LoginAltPage = lazyPage(() =>
  import('../features/auth/login-alt-page').then((m) => ({ default: m.LoginAltPage })),
);
export const RegisterAltPage = lazyPage(() =>
  import('../features/auth/register-alt-page').then((m) => ({ default: m.RegisterAltPage })),
);
export const StartPage = lazyPage(() =>
  import('../features/landing/start-page').then((m) => ({ default: m.StartPage })),
);
export const CourseLandingPage = lazyPage(() =>
  import('../features/landing/course-landing-page').then((m) => ({ default: m.CourseLandingPage })),
);
export const GamePage = lazyPage(() =>
  import('../features/game/game-page').then((m) => ({ default: m.GamePage })),
);
export const DonatePage = lazyPage(() =>
  import('../features/donate/donate-page').then((m) => ({ default: m.DonatePage })),
);
/** The password pages share a chunk (features/auth/password-pages.ts). */
const passwordPages = () => import('../features/auth/password-pages');
export const ResetPasswordPage = lazyPage(() =>
  passwordPages().then((m) => ({ default: m.ResetPasswordPage })),
);
export const ForgotPasswordPage = lazyPage(() =>
  passwordPages().then((m) => ({ default: m.ForgotPasswordPage })),
);
export const FutureTeacherPage = lazyPage(() =>
  import('../features/auth/teacher-application/future-teacher-page').then((m) => ({
    default: m.FutureTeacherPage,
  })),
);

// Signed in
/** The signed-in frame's chunk: the layout, the bell, and the notifications page with them. */
const signedInFrame = () => import('./signed-in-layout');
export const SignedInLayout = lazyPage(() =>
  signedInFrame().then((m) => ({ default: m.SignedInLayout })),
);
export const HomePage = lazyPage(() => signedInFrame().then((m) => ({ default: m.HomeRoute })));
export const SettingsPage = lazyPage(() =>
  signedInFrame().then((m) => ({ default: m.SettingsRoute })),
);
export const ProfilePage = lazyPage(() =>
  import('../features/auth/profile-page').then((m) => ({ default: m.ProfilePage })),
);
export const ContactsPage = lazyPage(() =>
  import('../features/contacts/contacts-page').then((m) => ({ default: m.ContactsPage })),
);
export const VacancyListPage = lazyPage(() =>
  import('../features/demos/vacancy-list-page').then((m) => ({ default: m.VacancyListPage })),
);
export const DemoCoursePage = lazyPage(() =>
  import('../features/demos/demo-course-page').then((m) => ({ default: m.DemoCoursePage })),
);
export const GradingDemoPage = lazyPage(() =>
  import('../features/demos/grading-demo-page').then((m) => ({ default: m.GradingDemoPage })),
);
export const StudentCourseListPage = coursePage(() =>
  import('../features/courses/course-pages').then((m) => m.StudentCourseListPage),
);
export const TeacherCourseListPage = coursePage(() =>
  import('../features/courses/course-pages').then((m) => m.TeacherCourseListPage),
);
export const MyCourseDetailsPage = coursePage(() =>
  import('../features/courses/course-pages').then((m) => m.MyCourseDetailsPage),
);
export const CourseGridPage = coursePage(() =>
  import('../features/courses/course-grid-page').then((m) => m.CourseGridPage),
);
/** /join/{code}, signed in or out, in the course pages' chunk (no chunk name more for /login). */
export const JoinPage = coursePage(() =>
  import('../features/courses/course-pages').then((m) => m.JoinPage),
);
export const CourseCreatePage = coursePage(() =>
  import('../features/courses/course-create-page').then((m) => m.CourseCreatePage),
);
/** The assignment page, the gradebook and 'Мої оцінки', in the course details' chunk. */
export const GradingPage = coursePage(() =>
  import('../features/courses/course-pages').then((m) => m.GradingPage),
);

/**
 * Every notification of the signed-in user: in the signed-in frame's chunk, which carries the
 * bell and its calls already (one more chunk would be one more name in /login's import map).
 */
export const NotificationsPage = lazyPage(() =>
  signedInFrame().then((m) => ({ default: m.NotificationsPage })),
);

// ---- operators ----
/** The console's one chunk. */
function loadConsole() {
  return import('../features/admin/console');
}
export const AdminOverviewPage = lazyPage(() =>
  loadConsole().then((m) => ({ default: m.AdminOverviewPage })),
);
export const AdminApplicationsPage = lazyPage(() =>
  loadConsole().then((m) => ({ default: m.AdminApplicationsPage })),
);
export const AdminUsersPage = lazyPage(() =>
  loadConsole().then((m) => ({ default: m.AdminUsersPage })),
);
export const AdminCoursesPage = lazyPage(() =>
  loadConsole().then((m) => ({ default: m.AdminCoursesPage })),
);
export const AdminAuditPage = lazyPage(() =>
  loadConsole().then((m) => ({ default: m.AdminAuditPage })),
);
// ---- end of operators section ----
// Course content
export const LessonPage = lazyPage(() =>
  import('../features/content/lesson-page').then((m) => ({ default: m.LessonPage })),
);
export const CourseOutline = lazyPage(() =>
  import('../features/content/course-outline').then((m) => ({ default: m.CourseOutline })),
);
export const PublicCoursePage = lazyPage(() =>
  import('../features/content/public-course-page').then((m) => ({ default: m.PublicCoursePage })),
);
export const OutlineEditor = lazyPage(() =>
  import('../features/content/outline-editor').then((m) => ({ default: m.OutlineEditor })),
);
/** The lesson editor: TipTap lives in this chunk only (teacher's route table). */
export const LessonEditorPage = lazyPage(() =>
  import('../features/content/lesson-editor-page').then((m) => ({ default: m.LessonEditorPage })),
);
/** The quiz pages (question bank, quiz, attempt), one area of lazily loaded pages. */
export const QuizArea = lazyPage(() =>
  import('../features/quizzes/quiz-area').then((m) => ({ default: m.QuizArea })),
);
export const AuthorProgress = lazyPage(() =>
  import('../features/content/author-progress').then((m) => ({ default: m.AuthorProgress })),
);
