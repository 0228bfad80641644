import { Link } from 'react-router';
import { ROUTES, gradesMessages } from '@urok/contract';
import type { GradebookCell } from '@urok/contract/schemas';

type QuizGrade = Pick<GradebookCell, 'status' | 'points' | 'attemptId' | 'openAttemptId'>;

/**
 * A quiz's state as a student's grades show it: not attempted, an attempt in
 * progress, handed in with an essay awaiting the teacher, or graded.
 */
export function quizStateText(grade: QuizGrade | undefined): string {
  const status = grade?.status ?? 'missing';
  if (status === 'graded') return gradesMessages.quizStatus.graded;
  if (status === 'submitted' || status === 'late') return gradesMessages.quizStatus.submitted;
  return grade?.openAttemptId
    ? gradesMessages.quizStatus.inProgress
    : gradesMessages.quizStatus.missing;
}

const STATE_LOOK: Record<string, string> = {
  [gradesMessages.quizStatus.missing]: 'text-slate-500',
  [gradesMessages.quizStatus.inProgress]: 'text-sky-800',
  [gradesMessages.quizStatus.submitted]: 'text-indigo-800',
  [gradesMessages.quizStatus.graded]: 'text-emerald-900',
};

/**
 * A quiz's cell of the gradebook: its points out of the quiz's maximum
 * ('7 / 10') and its state; an attempt (the one that counts, else the one
 * open now) opens to review or grade.
 */
export function QuizGradeCell({
  courseId,
  quiz,
  studentName,
  cell,
}: {
  courseId: string;
  quiz: { _id: string; title: string; maxPoints: number };
  studentName: string;
  cell: GradebookCell | undefined;
}) {
  const state = quizStateText(cell);
  const points =
    cell?.points !== null && cell?.points !== undefined
      ? gradesMessages.points(cell.points, quiz.maxPoints)
      : null;
  // Below the points: the state, and an attempt open now (a student trying again).
  const notes = points
    ? [state, ...(cell?.openAttemptId ? [gradesMessages.quizStatus.inProgress] : [])]
    : [];
  const content = (
    <span className="flex flex-col">
      <span className={`font-medium ${STATE_LOOK[state] ?? ''}`}>{points ?? state}</span>
      {notes.map((note) => (
        <span key={note} className="text-xs text-slate-600">
          {note}
        </span>
      ))}
    </span>
  );
  const attemptId = cell?.attemptId ?? cell?.openAttemptId;
  if (!attemptId) return content;
  return (
    <Link
      to={ROUTES.quizAttempt(courseId, quiz._id, attemptId)}
      aria-label={`${[points ?? state, ...notes].join(', ')} — ${gradesMessages.quizAttemptLabel(studentName, quiz.title)}`}
      className="-m-2 block min-h-11 rounded p-2 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {content}
    </Link>
  );
}
