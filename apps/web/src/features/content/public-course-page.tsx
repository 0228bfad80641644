import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ROUTES, messages, type Course } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useServiceDispatch } from '../../lib/app-thunk';
import type { ApiFailure } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { fetchPublicCourse } from './content-thunks';
import { CourseOutline } from './course-outline';

/** /mycourse-details/{id} signed out: the course's description and its syllabus (titles only). */
export function PublicCoursePage() {
  const { id = '' } = useParams();
  const dispatch = useServiceDispatch();
  const [course, setCourse] = useState<Course | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  useDocumentTitle(course?.title ?? messages.pageMyCourseDetails);

  const load = useCallback(async () => {
    setFailure(null);
    const result = await dispatch(fetchPublicCourse(id));
    if (fetchPublicCourse.fulfilled.match(result)) setCourse(result.payload);
    else setFailure(result.payload ?? { message: messages.courseNotFound });
  }, [dispatch, id]);

  useEffect(() => {
    void load();
  }, [load]);

  if (failure) {
    return (
      <section className="mx-auto w-full max-w-3xl space-y-4 px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">{failure.message}</h1>
        {failure.status !== 404 && (
          <Button variant="secondary" onClick={() => void load()}>
            {messages.retry}
          </Button>
        )}
      </section>
    );
  }
  if (!course) return <Spinner className="py-16" />;
  return (
    <article className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <header className="space-y-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-indigo-700">
          {course.category}
        </p>
        <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {course.title}
        </h1>
        <p className="whitespace-pre-line break-words text-base text-slate-800">
          {course.description}
        </p>
        <Link
          to={ROUTES.login}
          className="inline-flex min-h-11 items-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
        >
          {messages.syllabusSignIn}
        </Link>
      </header>
      <CourseOutline courseId={course._id} view="syllabus" />
    </article>
  );
}
