import { Link, useParams } from 'react-router';
import { ROUTES, messages } from '@urok/contract';
import type { Outline } from '@urok/contract/schemas';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { asFailure } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { rememberReturnPath, signInPathFor } from '../../lib/next';
import { usePublicCourseQuery, useOutlineQuery } from './content-api';
import { CourseOutline } from './course-outline';

const lessonsIn = (outline: Outline) =>
  outline.sections.reduce(
    (sum, section) => sum + section.items.filter((item) => item.kind === 'lesson').length,
    0,
  );

/**
 * /mycourse-details/{id} signed out: the course's cover, teacher, number of
 * lessons, description and syllabus (titles only); 'Увійти, щоб записатися'
 * brings the visitor back here once signed in (lib/next.ts).
 */
export function PublicCoursePage() {
  const { id = '' } = useParams();
  const { data: course, isError, error, refetch } = usePublicCourseQuery(id);
  // The same cached outline the syllabus below shows (one request for both).
  const { data: outline } = useOutlineQuery(id, { skip: !course });
  const lessons = outline ? lessonsIn(outline) : null;
  useDocumentTitle(course?.title ?? messages.pageMyCourseDetails);

  if (isError) {
    const failure = asFailure(error, messages.courseNotFound);
    return (
      <section className="mx-auto w-full max-w-3xl space-y-4 px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">{failure.message}</h1>
        {failure.status !== 404 && (
          <Button variant="secondary" onClick={() => void refetch()}>
            {messages.retry}
          </Button>
        )}
      </section>
    );
  }
  if (!course) return <Spinner className="py-16" />;
  const here = ROUTES.myCourseDetails(course._id);
  return (
    <article className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      {course.coverUrl ? (
        <img
          src={course.coverUrl}
          alt=""
          width={1280}
          height={720}
          className="aspect-video w-full rounded-2xl bg-slate-100 object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="aspect-[3/1] w-full rounded-2xl bg-gradient-to-br from-indigo-100 to-sky-100"
        />
      )}
      <header className="space-y-3">
        <p className="text-xs font-semibold uppercase tracking-wide text-indigo-700">
          {course.category}
        </p>
        <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {course.title}
        </h1>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          <div className="flex gap-1">
            <dt>{messages.publicCourseTeacher}:</dt>
            <dd className="font-medium text-slate-900">{course.author.username}</dd>
          </div>
          {lessons !== null && (
            <div className="flex gap-1">
              <dt className="sr-only">{messages.publicCourseLessons}</dt>
              <dd className="font-medium text-slate-900">{messages.lessonCount(lessons)}</dd>
            </div>
          )}
        </dl>
        <p className="whitespace-pre-line break-words text-base text-slate-800">
          {course.description}
        </p>
        <Link
          to={signInPathFor(here)}
          onClick={() => rememberReturnPath(here)}
          className="inline-flex min-h-11 items-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {messages.syllabusSignIn}
        </Link>
      </header>
      <CourseOutline courseId={course._id} view="syllabus" />
    </article>
  );
}
