import { useId, useState, type FormEvent } from 'react';
import { ASSIGNMENT_LIMITS, gradesMessages, messages } from '@urok/contract';
import type { HomeworkComment } from '@urok/contract/schemas';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/fields';
import { useServiceDispatch } from '../../../lib/app-thunk';
import { fetchComments, postComment } from '../assignment-thunks';
import { formatDateTime } from '../format';

/**
 * The private thread of one submission between its student and the course's
 * author, behind a disclosure: it loads when opened, so a list of many
 * submissions does not ask for every thread.
 */
export function CommentThread({ homeworkId }: { homeworkId: string }) {
  const dispatch = useServiceDispatch();
  const id = useId();
  const [comments, setComments] = useState<HomeworkComment[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);

  const load = async () => {
    setLoadError(null);
    const result = await dispatch(fetchComments(homeworkId));
    if (fetchComments.fulfilled.match(result)) setComments(result.payload);
    else setLoadError(result.payload?.message ?? gradesMessages.commentsLoadFailed);
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const text = body.trim();
    if (text.length < 1 || text.length > ASSIGNMENT_LIMITS.commentBody.max) {
      setError(messages.homeworkCommentInvalid);
      document.getElementById(`${id}-body`)?.focus();
      return;
    }
    setError(undefined);
    setPending(true);
    const result = await dispatch(postComment({ homeworkId, body: text }));
    setPending(false);
    if (postComment.fulfilled.match(result)) {
      setComments((current) => [...(current ?? []), result.payload]);
      setBody('');
    } else {
      setError(
        result.payload?.fields?.body ?? result.payload?.message ?? gradesMessages.commentFailed,
      );
    }
  };

  return (
    <details
      className="rounded-lg border border-slate-200 px-3 py-2 text-sm"
      onToggle={(event) => {
        if (event.currentTarget.open && comments === null) void load();
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
            <Button variant="secondary" onClick={() => void load()}>
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
          <form noValidate onSubmit={(event) => void send(event)} className="space-y-2">
            <TextAreaField
              id={`${id}-body`}
              name="body"
              rows={2}
              label={gradesMessages.labelComment}
              value={body}
              maxLength={ASSIGNMENT_LIMITS.commentBody.max}
              onChange={(event) => setBody(event.target.value)}
              error={error}
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
