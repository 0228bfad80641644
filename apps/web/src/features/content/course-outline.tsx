import { useEffect } from 'react';
import { Link } from 'react-router';
import { API, LEARNING_API, QUIZ_ROUTES, ROUTES, messages } from '@urok/contract';
import type { CoursePaths } from '../../lib/offline-courses';
import type { StudentProgress } from '@urok/contract/schemas';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { loadFailureMessage } from '../../lib/api';
import { useOutlineQuery, useProgressQuery } from './content-api';
import { useSaveForOffline } from '../../lib/signed-in-user';

/** The client route of a lesson page. */
export function lessonPath(courseId: string, lessonId: string): string {
  return `${ROUTES.myCourseDetails(courseId)}/lessons/${encodeURIComponent(lessonId)}`;
}

export interface CourseOutlineProps {
  courseId: string;
  /**
   * 'student': an enrolled student (lesson links, ticks, progress bar);
   * 'author': the course's author (links, drafts marked);
   * 'syllabus': anyone else (titles only).
   */
  view: 'student' | 'author' | 'syllabus';
  /** Called once the outline (and a student's progress) has loaded or failed: the page shows it then. */
  onLoaded?: () => void;
}

/** The progress bar of an enrolled student: completed of total published lessons. */
export function ProgressBar({ progress }: { progress: StudentProgress }) {
  const label = messages.progressLabel(progress.completed, progress.total);
  const percent =
    progress.total === 0 ? 0 : Math.round((progress.completed / progress.total) * 100);
  return (
    <div className="space-y-1">
      <p id="course-progress-label" className="text-sm text-slate-700">
        {label}
      </p>
      <div
        role="progressbar"
        aria-labelledby="course-progress-label"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.completed}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-emerald-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** What a course saved for offline keeps: the answers its pages read (lib/offline-courses.ts). */
const SAVED_COURSE_PATHS: CoursePaths = {
  course: API.course,
  outline: LEARNING_API.outline,
  progress: LEARNING_API.progress,
  userCourses: API.userCourses,
  ownHomework: API.ownHomework,
  lesson: LEARNING_API.lesson,
};

/** The sections of a course and their items: the syllabus, or the enrolled student's ticks. */
export function CourseOutline({ courseId, view, onLoaded }: CourseOutlineProps) {
  const { data: outline, isError: failed, error, refetch } = useOutlineQuery(courseId);
  const saveForOffline = useSaveForOffline();
  const {
    data: progress,
    isError: progressFailed,
    refetch: refetchProgress,
  } = useProgressQuery(courseId, {
    skip: view !== 'student',
  });
  const loaded =
    (outline !== undefined || failed) &&
    (view !== 'student' || progress !== undefined || progressFailed);
  useEffect(() => {
    if (loaded) onLoaded?.();
  }, [loaded, onLoaded]);
  const load = () => {
    void refetch();
    if (view === 'student') void refetchProgress();
  };

  const headingId = 'course-outline-heading';
  return (
    <section
      id="course-outline"
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {messages.outlineHeading}
      </h2>
      {progress ? (
        <ProgressBar progress={progress} />
      ) : (
        view === 'student' &&
        !progressFailed && (
          // The bar's height (its line and the bar) while the progress loads: the outline below
          // does not move when it arrives.
          <div aria-hidden="true" className="h-[2.125rem]" />
        )
      )}
      {view === 'student' && saveForOffline?.(courseId, SAVED_COURSE_PATHS)}
      {failed ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-800">
          <p>{loadFailureMessage(error, messages.outlineLoadFailed)}</p>
          <Button variant="secondary" onClick={load}>
            {messages.retry}
          </Button>
        </div>
      ) : !outline ? (
        <Spinner />
      ) : outline.sections.every((section) => section.items.length === 0) ? (
        <p className="text-sm text-slate-600">{messages.outlineEmpty}</p>
      ) : (
        <ol className="space-y-4">
          {outline.sections.map((section) => (
            <li key={section._id}>
              <h3 className="text-base font-semibold text-slate-900">{section.title}</h3>
              <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
                {section.items.map((item) => (
                  <li key={item._id} className="flex min-h-11 items-center gap-3 px-3 py-2">
                    {view === 'student' && (
                      <span
                        aria-hidden="true"
                        className={`flex size-5 shrink-0 items-center justify-center rounded-full border text-xs ${
                          item.completed
                            ? 'border-emerald-600 bg-emerald-600 text-white'
                            : 'border-slate-300'
                        }`}
                      >
                        {item.completed ? '✓' : ''}
                      </span>
                    )}
                    {view === 'syllabus' ? (
                      <span className="text-sm text-slate-800">{item.title}</span>
                    ) : item.kind === 'quiz' ? (
                      <Link
                        to={QUIZ_ROUTES.quiz(courseId, item._id)}
                        className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
                      >
                        <span className="mr-1 rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-semibold text-indigo-900">
                          {messages.outlineQuiz}
                        </span>
                        {item.title}
                      </Link>
                    ) : item.kind === 'assignment' ? (
                      <Link
                        to={ROUTES.assignment(courseId, item._id)}
                        className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
                      >
                        {item.title}
                      </Link>
                    ) : (
                      <Link
                        to={lessonPath(courseId, item._id)}
                        className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
                      >
                        {item.title}
                        {item.completed && (
                          <span className="sr-only"> ({messages.outlineCompleted})</span>
                        )}
                      </Link>
                    )}
                    {!item.published && (
                      <span className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {messages.outlineDraft}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {view === 'syllabus' && outline && (
        <p className="text-sm text-slate-600">{messages.syllabusSignInHint}</p>
      )}
    </section>
  );
}
