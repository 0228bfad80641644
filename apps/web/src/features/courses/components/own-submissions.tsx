import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { courseMessages, type Homework } from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api';
import { useDeleteHomeworkMutation } from '../homework-api';
import { CommentThread } from './comment-thread';
import { GradeHistory } from './grade-history';
import { GradeResult, SubmissionFacts, submissionAnchor } from './submission-facts';

/**
 * 'Видалити' on an ungraded submission, with an inline confirmation: the
 * file is gone for good, and it frees the student's quota. A refusal (409
 * once a teacher graded it meanwhile) shows the server's message.
 */
function WithdrawSubmission({ courseId, homework }: { courseId: string; homework: Homework }) {
  const [deleteHomework, { isLoading: pending }] = useDeleteHomeworkMutation();
  const questionId = useId();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const withdraw = async () => {
    setError(null);
    const result = await deleteHomework({ courseId, homeworkId: homework._id });
    // On success the submission leaves the list, and this component with it.
    if (result.error) setError(failureMessage(result.error, courseMessages.deleteSubmissionFailed));
  };

  const cancel = () => {
    setConfirming(false);
    setError(null);
    // Back to the button that opened the question.
    setTimeout(() => openRef.current?.focus());
  };

  if (!confirming) {
    return (
      <Button
        ref={openRef}
        variant="secondary"
        onClick={() => setConfirming(true)}
        aria-label={courseMessages.deleteSubmissionLabel(homework.fileName)}
      >
        {courseMessages.deleteSubmission}
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-labelledby={questionId}
      className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-3"
    >
      <p id={questionId} className="break-words text-sm font-medium text-amber-950">
        {courseMessages.deleteSubmissionConfirm(homework.fileName)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          ref={confirmRef}
          onClick={() => void withdraw()}
          disabled={pending}
          aria-busy={pending}
        >
          {courseMessages.deleteSubmissionConfirmAction}
        </Button>
        <Button variant="secondary" onClick={cancel} disabled={pending}>
          {courseMessages.cancel}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The assignment a submission was handed in for, as a link to its page. */
function AssignmentLink({ title, path }: { title: string; path: string }) {
  return (
    <p className="text-sm text-slate-700">
      {courseMessages.submissionFor}{' '}
      <Link to={path} className="font-medium text-indigo-700 hover:underline">
        {title}
      </Link>
    </p>
  );
}

/**
 * The signed-in student's submissions to a course, newest first, with
 * grades or 'очікує оцінки'; an ungraded one can be withdrawn.
 */
export function OwnSubmissions({
  courseId,
  homework,
  maxPoints,
  assignmentOf,
}: {
  courseId: string;
  homework: Homework[];
  /** The assignment's maximum, when the list is one assignment's: grades read '11 / 12'. */
  maxPoints?: number;
  /** When the list spans a course: each submission's assignment, named and linked, and its maximum. */
  assignmentOf?: (homework: Homework) => { title: string; path: string; maxPoints?: number };
}) {
  if (homework.length === 0)
    return <p className="text-sm text-slate-600">{courseMessages.noSubmissions}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {homework.map((entry) => {
        const assignment = assignmentOf?.(entry);
        const outOf = assignment?.maxPoints ?? maxPoints;
        return (
          <li
            key={entry._id}
            id={submissionAnchor(entry._id)}
            className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="min-w-0 flex-1 space-y-3">
              {assignment && <AssignmentLink title={assignment.title} path={assignment.path} />}
              <SubmissionFacts homework={entry} />
              <CommentThread homeworkId={entry._id} />
            </div>
            <div className="space-y-2 sm:max-w-xs sm:shrink-0">
              <GradeResult homework={entry} maxPoints={outOf} />
              <GradeHistory homework={entry} maxPoints={outOf} />
              {entry.grade === null && <WithdrawSubmission courseId={courseId} homework={entry} />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
