import { use } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { PUBLIC_LANDING_IDS, ROUTES, SIGNED_IN_LANDING_IDS, type User } from '@urok/contract';
import { PublicLayout } from '../components/layout/public-layout';
import { selectUser } from '../features/auth/auth-slice';
import { useAuthSelector } from '../features/auth/hooks';
import { LoginPage } from '../features/auth/login-page';
import * as Pages from './pages';

/**
 * The three route tables of spec section 2. Paths like '/course-details:1'
 * are literal segments in React Router 7: a param is only a whole segment
 * that starts with ':', so 'course-details:1' matches that exact text and
 * '/course-details:3' falls through to the catch-all redirect.
 */
export type RouteTableName =
  'signedOut' | 'student' | 'teacher' | 'operatorStudent' | 'operatorTeacher';

const redirectTo = (path: string): RouteObject['element'] => <Navigate to={path} replace />;

function landingRoutes(ids: readonly number[], audience: 'public' | 'signedIn'): RouteObject[] {
  return ids.map((id) => ({
    path: ROUTES.courseLanding(id),
    element: <Pages.CourseLandingPage landingId={id} audience={audience} />,
  }));
}

const signedOutRoutes: RouteObject[] = [
  { path: '/', element: redirectTo(ROUTES.start) },
  { path: ROUTES.login, element: <LoginPage /> },
  { path: ROUTES.register, element: <Pages.RegisterPage /> },
  { path: ROUTES.loginAlt, element: <Pages.LoginAltPage /> },
  { path: ROUTES.registerAlt, element: <Pages.RegisterAltPage /> },
  { path: ROUTES.resetPassword, element: <Pages.ResetPasswordPage /> },
  { path: ROUTES.forgotPassword, element: <Pages.ForgotPasswordPage /> },
  {
    element: <PublicLayout />,
    children: [
      { path: ROUTES.start, element: <Pages.StartPage /> },
      { path: ROUTES.game, element: <Pages.GamePage /> },
      { path: ROUTES.futureTeacher, element: <Pages.FutureTeacherPage /> },
      { path: ROUTES.donate, element: <Pages.DonatePage /> },
      ...landingRoutes(PUBLIC_LANDING_IDS, 'public'),
      // A course's public page: its description and syllabus.
      { path: ROUTES.myCourseDetails(':id'), element: <Pages.PublicCoursePage /> },
      { path: ROUTES.join(':code'), element: <Pages.JoinPage /> },
    ],
  },
  { path: '*', element: redirectTo(ROUTES.start) },
];

/** /future-teacher for a signed-in user: the application pre-filled from the account. */
function SignedInFutureTeacherPage() {
  const user = useAuthSelector(selectUser);
  return (
    <Pages.FutureTeacherPage
      prefill={
        user ? { fullName: user.username, telephone: user.telephone, email: user.email } : undefined
      }
    />
  );
}

/** The operator's console: only in an operator's table. */
const operatorRoutes: RouteObject[] = [
  { path: ROUTES.admin, element: <Pages.AdminOverviewPage /> },
  { path: ROUTES.adminApplications, element: <Pages.AdminApplicationsPage /> },
  { path: ROUTES.adminUsers, element: <Pages.AdminUsersPage /> },
  { path: ROUTES.adminCourses, element: <Pages.AdminCoursesPage /> },
  { path: ROUTES.adminAudit, element: <Pages.AdminAuditPage /> },
];

/** The outline on a course page: the author's, an enrolled student's ticks, or the syllabus. */
function outlineFor(role: 'student' | 'teacher') {
  return function renderOutline(
    courseId: string,
    enrolled: boolean,
    progress?: boolean,
    onLoaded?: () => void,
  ) {
    if (role === 'teacher')
      return progress ? (
        <Pages.AuthorProgress key={`${courseId}-progress`} courseId={courseId} />
      ) : (
        <Pages.OutlineEditor
          key={courseId}
          courseId={courseId}
          editLessonPath={(course, lesson) =>
            `${ROUTES.myCourseDetails(course)}/lessons/${encodeURIComponent(lesson)}/edit`
          }
        />
      );
    const view = enrolled ? 'student' : 'syllabus';
    return (
      <Pages.CourseOutline
        key={`${courseId}-${view}`}
        courseId={courseId}
        view={view}
        onLoaded={onLoaded}
      />
    );
  };
}

function signedInRoutes(role: 'student' | 'teacher', isOperator = false): RouteObject[] {
  const isTeacher = role === 'teacher';
  return [
    { path: '/', element: redirectTo(ROUTES.myCourseList) },
    {
      element: <Pages.SignedInLayout />,
      children: [
        { path: ROUTES.home, element: <Pages.HomePage /> },
        { path: ROUTES.settings, element: <Pages.SettingsPage /> },
        { path: ROUTES.profile, element: <Pages.ProfilePage /> },
        { path: ROUTES.contacts, element: <Pages.ContactsPage viewer={role} /> },
        { path: ROUTES.vacancyList, element: <Pages.VacancyListPage /> },
        {
          path: ROUTES.myCourseList,
          element: isTeacher ? <Pages.TeacherCourseListPage /> : <Pages.StudentCourseListPage />,
        },
        { path: ROUTES.demoCourse(':id'), element: <Pages.DemoCoursePage /> },
        {
          // The author's course page has its tabs as routes (the gradebook among them).
          path: ROUTES.myCourseDetails(':id') + (isTeacher ? '/:tab?' : ''),
          element: (
            <Pages.MyCourseDetailsPage
              scope={isTeacher ? 'created' : 'enrolled'}
              renderOutline={outlineFor(role)}
            />
          ),
        },
        {
          path: `${ROUTES.myCourseDetails(':id')}/lessons/:lessonId`,
          element: <Pages.LessonPage viewer={role} />,
        },
        // Quizzes and the question bank (quiz-area.tsx routes within).
        {
          path: `${ROUTES.myCourseDetails(':id')}/quizzes/*`,
          element: <Pages.QuizArea viewer={role} />,
        },
        {
          path: ROUTES.assignment(':id', ':assignmentId'),
          element: <Pages.GradingPage page="assignment" viewer={role} />,
        },
        { path: ROUTES.notifications, element: <Pages.NotificationsPage /> },
        { path: ROUTES.join(':code'), element: <Pages.JoinPage signedIn /> },
        { path: ROUTES.test, element: <Pages.GradingDemoPage /> },
        { path: ROUTES.courseGrid, element: <Pages.CourseGridPage /> },
        ...landingRoutes(SIGNED_IN_LANDING_IDS, 'signedIn'),
        { path: ROUTES.courseDetails, element: <Pages.CourseLandingPage audience="signedIn" /> },
        { path: ROUTES.futureTeacher, element: <SignedInFutureTeacherPage /> },
        ...(isTeacher
          ? [
              { path: ROUTES.courseCreate, element: <Pages.CourseCreatePage /> },
              {
                path: `${ROUTES.myCourseDetails(':id')}/lessons/:lessonId/edit`,
                element: <Pages.LessonEditorPage />,
              },
              {
                path: `${ROUTES.assignment(':id', ':assignmentId')}/grade`,
                element: <Pages.GradingPage page="grade" />,
              },
              {
                path: `${ROUTES.myCourseDetails(':id')}/questions`,
                element: <Pages.QuizArea viewer="teacher" bank />,
              },
            ]
          : [{ path: ROUTES.grades, element: <Pages.GradingPage page="grades" /> }]),
        ...(isOperator ? operatorRoutes : []),
      ],
    },
    { path: '*', element: redirectTo(ROUTES.myCourseList) },
  ];
}

export const ROUTE_TABLES: Record<RouteTableName, RouteObject[]> = {
  signedOut: signedOutRoutes,
  student: signedInRoutes('student'),
  teacher: signedInRoutes('teacher'),
  operatorStudent: signedInRoutes('student', true),
  operatorTeacher: signedInRoutes('teacher', true),
};

/**
 * Signed in means a user is loaded (spec section 4); a teacher is a user with
 * isAdmin; an operator's table adds the console to their role's table.
 */
export function routeTableFor(
  user: (Pick<User, 'isAdmin'> & Partial<Pick<User, 'isOperator'>>) | null,
): RouteTableName {
  if (!user) return 'signedOut';
  if (user.isOperator) return user.isAdmin ? 'operatorTeacher' : 'operatorStudent';
  return user.isAdmin ? 'teacher' : 'student';
}

/**
 * The routes of the current auth state. It suspends (the caller shows a
 * spinner) until the start-up session restore settled, so a deep link of a
 * signed-in page survives a reload instead of being redirected.
 */
export function AppRoutes({ sessionReady }: { sessionReady: Promise<unknown> }) {
  use(sessionReady);
  const user = useAuthSelector(selectUser);
  return useRoutes(ROUTE_TABLES[routeTableFor(user)]);
}
