import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { ASSIGNMENT_LIMITS, gradesMessages, messages } from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/fields';
import { asFailure, failureMessage } from '../../../lib/api';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useCommentsQuery, usePostCommentMutation } from '../homework-api';
import { formatDateTime } from '../format';

const COMMENT_FIELDS = ['body'] as const;

/**
 * The private thread of one submission between its student and the course's
 * author, behind a disclosure: it loads when opened, so a list of many
 * submissions does not ask for every thread. The thread a link names
 * (`#comments-<homework id>`, a comment's notification) starts open.
 */
export function CommentThread({ homeworkId }: { homeworkId: string }) {
  const id = useId();
  // A comment's notification links to `#comments-<id>`: that thread starts open.
  const named = useLocation().hash === `#comments-${homeworkId}`;
  const [opened, setOpened] = useState(named);
  const thread = useCommentsQuery(homeworkId, { skip: !opened });
  const [postComment, { isLoading: pending }] = usePostCommentMutation();
  const comments = thread.currentData ?? null;
  const loadError = thread.isError
    ? failureMessage(thread.error, gradesMessages.commentsLoadFailed)
    : null;
  const { formRef, values, setValues, field, showErrors, clearErrors } = useCheckedForm(
    COMMENT_FIELDS,
    { idPrefix: id },
  );
  const load = () => void thread.refetch();

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const text = values.body.trim();
    if (text.length < 1 || text.length > ASSIGNMENT_LIMITS.commentBody.max) {
      showErrors({ message: null, fields: { body: messages.homeworkCommentInvalid } });
      return;
    }
    clearErrors();
    const result = await postComment({ homeworkId, body: text });
    if (!result.error) {
      setValues({ body: '' });
      return;
    }
    const failure = asFailure(result.error, gradesMessages.commentFailed);
    // Beside the field, whatever the refusal names: the form has nothing else.
    showErrors({ message: null, fields: { body: failure.fields?.body ?? failure.message } }, false);
  };

  return (
    <details
      id={`comments-${homeworkId}`}
      open={named || undefined}
      className="scroll-mt-20 rounded-lg border border-slate-200 px-3 py-2 text-sm"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="min-h-11 cursor-pointer content-center font-medium text-indigo-700">
        {gradesMessages.commentsHeading}
        {comments !== null && comments.length > 0 ? ` (${comments.length})` : ''}
      </summary>
      <div className="space-y-3 pb-1 pt-2">
        {loadError ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-red-800">
            <span>{loadError}</span>
            <Button variant="secondary" onClick={load}>
              {messages.retry}
            </Button>
          </div>
        ) : comments === null ? null : comments.length === 0 ? (
          <p className="text-slate-600">{gradesMessages.commentsEmpty}</p>
        ) : (
          <ol className="space-y-2" aria-label={gradesMessages.commentsHeading}>
            {comments.map((comment) => (
              <li key={comment._id} className="rounded-lg bg-slate-50 px-3 py-2">
                <p className="text-xs text-slate-600">
                  {gradesMessages.commentBy(
                    comment.author.username,
                    formatDateTime(comment.createdAt),
                  )}
                </p>
                <p className="whitespace-pre-line break-words text-slate-900">{comment.body}</p>
              </li>
            ))}
          </ol>
        )}
        {comments !== null && (
          <form
            ref={formRef}
            noValidate
            onSubmit={(event) => void send(event)}
            className="space-y-2"
          >
            <TextAreaField
              {...field('body')}
              rows={2}
              label={gradesMessages.labelComment}
              maxLength={ASSIGNMENT_LIMITS.commentBody.max}
            />
            <Button type="submit" disabled={pending} aria-busy={pending}>
              {gradesMessages.sendComment}
            </Button>
          </form>
        )}
      </div>
    </details>
  );
}
