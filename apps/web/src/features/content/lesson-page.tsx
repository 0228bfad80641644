import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LEARNING_API, ROUTES, messages } from '@urok/contract';
import type { Lesson, Outline } from '@urok/contract/schemas';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { asFailure, failureMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { formatFileSize } from '../../lib/format';
import { useOfflineActions } from '../../lib/signed-in-user';
import { useLessonQuery, useOutlineQuery, useSetLessonCompletionMutation } from './content-api';
import { lessonPath } from './course-outline';
import { LessonDocumentView } from '../../components/document/lesson-document';

/** The key of a lesson's completion in the offline queue (a newer mark replaces a waiting one). */
const completionKey = (lessonId: string) => `lessonCompletion:${lessonId}`;

/**
 * 'Позначити як пройдене', or the done state with a way back. The cached
 * lesson takes the new state; the outline's ticks and the progress bar ask
 * again. Without a network the mark waits on the device (lib/offline-queue.ts,
 * through the signed-in layout) and shows at once, saying it will be sent;
 * once it is sent, the lesson and the outline are read again. A refusal of
 * the server (4xx/5xx) is shown as before and nothing is kept.
 */
function CompletionToggle({ lesson, onSent }: { lesson: Lesson; onSent: () => Promise<unknown> }) {
  const [setCompletion, { isLoading: pending, isError, error: failure, reset }] =
    useSetLessonCompletionMutation();
  const offline = useOfflineActions();
  const queued = offline?.pending.find((action) => action.key === completionKey(lesson._id));
  const queuedDone = queued ? (queued.data as { done: boolean }).done : null;
  // A mark that went stays shown until the lesson is read again (taken, or refused and undone).
  const [settling, setSettling] = useState<boolean | null>(null);
  const [queueFailed, setQueueFailed] = useState(false);
  const completed = queuedDone ?? settling ?? lesson.completed;
  const error =
    queueFailed || (isError && !queued)
      ? failureMessage(failure, messages.lessonCompletionFailed)
      : null;
  // The mark that waited went (or was refused): what the server now says is shown.
  const wasQueued = useRef<boolean | null>(queuedDone);
  const sent = useRef(onSent);
  sent.current = onSent;
  // Before the browser paints, so the mark does not blink off while the lesson is read again.
  useLayoutEffect(() => {
    const last = wasQueued.current;
    wasQueued.current = queuedDone;
    if (last === null || queuedDone !== null) return;
    setSettling(last);
    void sent.current().finally(() => setSettling(null));
  }, [queuedDone]);

  const keep = async (done: boolean) => {
    if (!offline) return false;
    try {
      await offline.enqueue({
        kind: 'lessonCompletion',
        key: completionKey(lesson._id),
        url: LEARNING_API.lessonCompletion(lesson._id),
        method: done ? 'put' : 'delete',
        label: messages.queuedCompletionLabel(lesson.title, done),
        data: { done },
      });
      return true;
    } catch {
      return false;
    }
  };
  const toggle = async () => {
    reset();
    setQueueFailed(false);
    const done = !completed;
    // While a mark waits, a newer one waits behind it (the server sees them in order).
    if (queued || (typeof navigator !== 'undefined' && !navigator.onLine)) {
      if (!(await keep(done))) setQueueFailed(true);
      return;
    }
    const result = await setCompletion({ lessonId: lesson._id, done });
    if ('error' in result && unanswered(result.error as { status?: number })) {
      if (await keep(done)) reset();
    }
  };
  return (
    <div className="flex flex-col items-start gap-2">
      {completed && (
        <p className="text-sm font-semibold text-emerald-800">✓ {messages.lessonDone}</p>
      )}
      <Button
        variant={completed ? 'secondary' : 'primary'}
        onClick={() => void toggle()}
        disabled={pending}
        aria-busy={pending}
      >
        {completed ? messages.lessonMarkUndone : messages.lessonMarkDone}
      </Button>
      <div role="status" aria-live="polite">
        {queued && (
          <p className="text-sm text-amber-900" data-testid="completion-queued">
            {messages.lessonCompletionQueued}
          </p>
        )}
        {error && <p className="text-sm text-red-700">{error}</p>}
      </div>
    </div>
  );
}

/** Whether a failed call got no answer (offline, a dropped connection): then the mark waits. */
function unanswered(failure: { status?: number } | undefined): boolean {
  return (typeof navigator !== 'undefined' && !navigator.onLine) || failure?.status === undefined;
}

/** The lessons before and after this one, in outline order. */
function neighbours(outline: Outline | undefined, lessonId: string) {
  const lessons = (outline?.sections ?? []).flatMap((section) =>
    section.items.filter((item) => item.kind === 'lesson'),
  );
  const index = lessons.findIndex((item) => item._id === lessonId);
  return {
    previous: index > 0 ? lessons[index - 1] : undefined,
    next: index >= 0 && index < lessons.length - 1 ? lessons[index + 1] : undefined,
  };
}

/**
 * /mycourse-details/{courseId}/lessons/{lessonId}: the lesson's video, text
 * and files, 'Позначити як пройдене' (for a student), previous and next.
 */
export function LessonPage({ viewer }: { viewer: 'student' | 'teacher' }) {
  const { id: courseId = '', lessonId = '' } = useParams();
  const lessonQuery = useLessonQuery(lessonId);
  const { data: outline, refetch: refetchOutline } = useOutlineQuery(courseId);
  // Another lesson (previous, next) is not shown until it is loaded.
  const lesson = lessonQuery.currentData;
  useDocumentTitle(lesson?.title ?? messages.pageMyCourseDetails);
  const load = () => {
    void lessonQuery.refetch();
    void refetchOutline();
  };
  const readAgain = () => Promise.all([lessonQuery.refetch(), refetchOutline()]);

  const back = (
    <Link
      to={ROUTES.myCourseDetails(courseId)}
      className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
    >
      ← {messages.lessonBackToCourse}
    </Link>
  );

  if (lessonQuery.isError) {
    const failure = asFailure(lessonQuery.error, messages.lessonLoadFailed);
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:px-6">
        {back}
        <h1 className="text-2xl font-bold text-slate-900">{messages.lessonLoadFailed}</h1>
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-800">
          <p>{failure.message}</p>
          {failure.status !== 403 && failure.status !== 404 && (
            <Button variant="secondary" onClick={load}>
              {messages.retry}
            </Button>
          )}
        </div>
      </div>
    );
  }
  if (!lesson) return <Spinner className="py-16" />;

  const attachmentUrls = new Map(lesson.attachments.map((file) => [file._id, file.url]));
  const { previous, next } = neighbours(outline, lesson._id);

  return (
    <article className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      {back}
      <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {lesson.title}
      </h1>
      {(lesson.video || lesson.videoUrl) && (
        <section aria-label={messages.lessonVideoHeading} className="space-y-2">
          {lesson.video ? (
            <video
              controls
              preload="metadata"
              src={lesson.video.url}
              className="aspect-video w-full rounded-xl bg-black"
              aria-label={messages.lessonVideoTitle(lesson.title)}
            />
          ) : (
            <iframe
              src={lesson.videoUrl ?? undefined}
              title={messages.lessonVideoTitle(lesson.title)}
              className="aspect-video w-full rounded-xl border-0"
              allow="fullscreen; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          )}
        </section>
      )}
      <LessonDocumentView doc={lesson.body} imageUrl={(id) => attachmentUrls.get(id)} />
      {lesson.attachments.length > 0 && (
        <section aria-labelledby="lesson-files-heading" className="space-y-2">
          <h2 id="lesson-files-heading" className="text-lg font-semibold text-slate-900">
            {messages.lessonAttachmentsHeading}
          </h2>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {lesson.attachments.map((file) => (
              <li key={file._id} className="flex min-h-11 flex-wrap items-center gap-2 px-3 py-2">
                <a
                  href={file.url}
                  download={file.fileName}
                  aria-label={messages.lessonDownload(file.fileName)}
                  className="break-all text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
                >
                  {file.fileName}
                </a>
                <span className="text-xs text-slate-600">{formatFileSize(file.size)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {viewer === 'student' && <CompletionToggle lesson={lesson} onSent={readAgain} />}
      <nav
        aria-label={messages.lessonNavigation}
        className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-between"
      >
        {previous ? (
          <Link
            to={lessonPath(courseId, previous._id)}
            className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
          >
            ← {messages.lessonPrevious}: {previous.title}
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link
            to={lessonPath(courseId, next._id)}
            className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
          >
            {messages.lessonNext}: {next.title} →
          </Link>
        )}
      </nav>
    </article>
  );
}
