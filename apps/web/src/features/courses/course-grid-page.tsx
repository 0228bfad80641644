import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  COURSE_LIMITS,
  ROUTES,
  courseMessages,
  messages,
  type Course,
  type User,
} from '@urok/contract';
import { Button } from '../../components/ui/button';
import { SearchIcon } from '../../components/layout/shell-icons';
import { failureMessage } from '../../lib/api';
import { useFieldValues } from '../../lib/form-controls';
import { useDocumentTitle } from '../../lib/document-title';
import { useSignedInUser } from '../../lib/signed-in-user';
import {
  ActionPlaceholder,
  COURSE_GRID,
  CourseCard,
  CourseGridSkeleton,
  courseTitleId,
} from './components/course-card';
import { EmptyState, LINK_BUTTON, LoadError, PageFrame } from './components/page-frame';
import { useCatalogInfiniteQuery, useEnrollMutation, useUserCoursesQuery } from './courses-api';

interface CatalogSearchProps {
  initial: string;
  onSearch: (query: string) => void;
}

/** The catalogue's own search box; it reads and writes ?q= (the header search lands here too). */
function CatalogSearch({ initial, onSearch }: CatalogSearchProps) {
  const search = useFieldValues({ q: initial });
  const inputId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(search.values.q.trim());
  };
  return (
    <form
      role="search"
      aria-label={courseMessages.catalogSearchLabel}
      onSubmit={onSubmit}
      className="flex w-full gap-2 sm:max-w-md"
    >
      <label htmlFor={inputId} className="sr-only">
        {courseMessages.catalogSearchLabel}
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        {...search.bind('q')}
        maxLength={COURSE_LIMITS.searchQuery.max}
        placeholder={messages.searchPlaceholder}
        autoComplete="off"
        className="block min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/30 sm:text-sm"
      />
      <Button type="submit">
        <SearchIcon />
        {courseMessages.catalogSearchAction}
      </Button>
    </form>
  );
}

/** The state of one card for this user: their own course, enrolled, or an enrol button. */
function CardActions({
  course,
  user,
  enrolled,
  known,
}: {
  course: Course;
  user: User;
  enrolled: boolean;
  known: boolean;
}) {
  const [enroll, { isLoading: pending }] = useEnrollMutation();
  const [error, setError] = useState<string | null>(null);

  if (course.author._id === user._id) {
    return <Badge tone="indigo">{courseMessages.yourCourse}</Badge>;
  }
  if (enrolled) {
    return (
      <>
        <Badge tone="emerald">{courseMessages.enrolledBadge}</Badge>
        {!user.isAdmin && (
          <Link
            to={ROUTES.myCourseDetails(course._id)}
            className={LINK_BUTTON.secondary}
            aria-describedby={courseTitleId(course._id)}
          >
            {courseMessages.openCourse}
          </Link>
        )}
      </>
    );
  }
  // Until the enrolled courses are in, an enrol button could be wrong: its place is kept.
  if (!known) return <ActionPlaceholder />;

  const onEnrol = async () => {
    setError(null);
    const result = await enroll(course._id);
    if (result.error) setError(failureMessage(result.error, courseMessages.enrolFailed));
  };

  return (
    <div className="flex w-full flex-col items-start gap-2">
      <Button
        onClick={() => void onEnrol()}
        disabled={pending}
        aria-busy={pending}
        aria-describedby={courseTitleId(course._id)}
      >
        {courseMessages.enrol}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function Badge({ tone, children }: { tone: 'indigo' | 'emerald'; children: string }) {
  const colours =
    tone === 'indigo'
      ? 'bg-indigo-50 text-indigo-800 ring-indigo-200'
      : 'bg-emerald-50 text-emerald-800 ring-emerald-200';
  return (
    <span
      className={`inline-flex min-h-8 items-center rounded-full px-3 text-sm font-medium ring-1 ring-inset ${colours}`}
    >
      {children}
    </span>
  );
}

/** /course-grid-page: every course, searchable (?q=) and paged by cursor. */
export function CourseGridPage() {
  useDocumentTitle(messages.pageAllCourses);
  const user = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const catalog = useCatalogInfiniteQuery(q);
  const userCourses = useUserCoursesQuery(user._id);

  const enrolledIds = useMemo(
    () => new Set((userCourses.data ?? []).map((course) => course._id)),
    [userCourses.data],
  );
  const known = userCourses.isSuccess || userCourses.isError;

  // Until the list of this search is in, the one on screen belongs to another search.
  const courses = useMemo(
    () => catalog.currentData?.pages.flatMap((page) => page.courses) ?? [],
    [catalog.currentData],
  );
  const loadingFirst = catalog.isFetching && !catalog.currentData;
  const loadingMore = catalog.isFetchingNextPage;
  const failed = catalog.isError;

  const search = (value: string) => setParams(value ? { q: value } : {});
  const loadMore = () => void catalog.fetchNextPage();
  const retry = () => void (courses.length > 0 ? catalog.fetchNextPage() : catalog.refetch());

  return (
    <PageFrame
      title={messages.pageAllCourses}
      intro={courseMessages.catalogIntro}
      aside={<CatalogSearch key={q} initial={q} onSearch={search} />}
    >
      {q && (
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold text-slate-900">
            {courseMessages.catalogResults(q)}
          </h2>
          <Button variant="ghost" onClick={() => search('')}>
            {courseMessages.catalogSearchClear}
          </Button>
        </div>
      )}

      <CourseGridSkeleton loading={loadingFirst} />

      {courses.length > 0 && (
        <ul className={COURSE_GRID} aria-busy={loadingMore}>
          {courses.map((course) => {
            const own = course.author._id === user._id;
            const href = !user.isAdmin || own ? ROUTES.myCourseDetails(course._id) : undefined;
            return (
              <li key={course._id}>
                <CourseCard course={course} href={href}>
                  <CardActions
                    course={course}
                    user={user}
                    enrolled={enrolledIds.has(course._id)}
                    known={known}
                  />
                </CourseCard>
              </li>
            );
          })}
        </ul>
      )}

      {catalog.currentData && !catalog.isFetching && courses.length === 0 && (
        <EmptyState message={q ? courseMessages.catalogNoMatch(q) : courseMessages.catalogEmpty}>
          {q && (
            <Button variant="secondary" onClick={() => search('')}>
              {courseMessages.catalogShowAll}
            </Button>
          )}
        </EmptyState>
      )}

      {failed && <LoadError message={courseMessages.catalogLoadFailed} onRetry={retry} />}

      {catalog.hasNextPage && courses.length > 0 && !failed && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={loadMore}
            disabled={loadingMore}
            aria-busy={loadingMore}
          >
            {loadingMore ? messages.loading : courseMessages.catalogLoadMore}
          </Button>
        </div>
      )}
    </PageFrame>
  );
}
