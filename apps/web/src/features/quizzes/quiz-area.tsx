/**
 * The quiz pages under a course (DESIGN, "Web routes of sections 14–16"),
 * one lazily loaded area so the route tables /login carries grow by one
 * route: the question bank (the author), a quiz, and an attempt. Each page
 * is a chunk of its own; the bank's editor (TipTap) never loads for a
 * student. Anything else under a course follows the unknown-path redirect.
 * (`useRoutes` and `Navigate`, which the app's router already has: no more
 * of react-router reaches /login's vendor chunk.)
 */
import { Navigate, useRoutes } from 'react-router';
import { ROUTES } from '@urok/contract';
import { lazyPage } from '../../components/ui/lazy-page';

const QuestionBankPage = lazyPage(() =>
  import('./question-bank-page').then((m) => ({ default: m.QuestionBankPage })),
);
const QuizPage = lazyPage(() => import('./quiz-page').then((m) => ({ default: m.QuizPage })));
const AttemptPage = lazyPage(() =>
  import('./attempt-page').then((m) => ({ default: m.AttemptPage })),
);

function QuizRoutes({ viewer }: { viewer: 'student' | 'teacher' }) {
  return useRoutes([
    { path: ':quizId', element: <QuizPage viewer={viewer} /> },
    { path: ':quizId/attempts/:attemptId', element: <AttemptPage viewer={viewer} /> },
    { path: '*', element: <Navigate to={ROUTES.myCourseList} replace /> },
  ]);
}

/** `bank`: the question bank (the author's route); otherwise the quizzes/… pages. */
export function QuizArea({ viewer, bank }: { viewer: 'student' | 'teacher'; bank?: boolean }) {
  return bank ? <QuestionBankPage /> : <QuizRoutes viewer={viewer} />;
}
