import { Link, useParams } from 'react-router';
import { ROUTES, messages } from '@urok/contract';
import type { Lesson, Outline } from '@urok/contract/schemas';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { asFailure, failureMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { useLessonQuery, useOutlineQuery, useSetLessonCompletionMutation } from './content-api';
import { lessonPath } from './course-outline';
import { LessonDocumentView } from '../../components/document/lesson-document';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} КБ`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} МБ`;
}

/**
 * 'Позначити як пройдене', or the done state with a way back. The cached
 * lesson takes the new state; the outline's ticks and the progress bar ask again.
 */
function CompletionToggle({ lesson }: { lesson: Lesson }) {
  const [setCompletion, { isLoading: pending, isError, error: failure, reset }] =
    useSetLessonCompletionMutation();
  const error = isError ? failureMessage(failure, messages.lessonCompletionFailed) : null;
  const toggle = () => {
    reset();
    void setCompletion({ lessonId: lesson._id, done: !lesson.completed });
  };
  return (
    <div className="flex flex-col items-start gap-2">
      {lesson.completed && (
        <p className="text-sm font-semibold text-emerald-800">✓ {messages.lessonDone}</p>
      )}
      <Button
        variant={lesson.completed ? 'secondary' : 'primary'}
        onClick={toggle}
        disabled={pending}
        aria-busy={pending}
      >
        {lesson.completed ? messages.lessonMarkUndone : messages.lessonMarkDone}
      </Button>
      <div role="status" aria-live="polite">
        {error && <p className="text-sm text-red-700">{error}</p>}
      </div>
    </div>
  );
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
                <span className="text-xs text-slate-600">{formatSize(file.size)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {viewer === 'student' && <CompletionToggle lesson={lesson} />}
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
