import { Link } from 'react-router';
import {
  messages,
  PUBLIC_LANDING_IDS,
  ROUTES,
  SIGNED_IN_LANDING_IDS,
  siteMessages,
} from '@urok/contract';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/document-title';
import type { FeaturedCourse } from './featured-course-types';
import { useFeaturedCourses } from './use-featured-courses';

export type LandingAudience = 'public' | 'signedIn';

interface CourseLandingPageProps {
  /** /course-details:N; absent on the bare /course-details, which lists the featured courses. */
  landingId?: number;
  /** Signed out: enrolling starts with registration; signed in: in the catalogue. */
  audience?: LandingAudience;
  /** Tests hand in their own data. */
  loadCourses?: () => Promise<FeaturedCourse[]>;
}

const PRIMARY_LINK =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-600 px-5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
const TEXT_LINK =
  'font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600';

/** /course-details:N (a featured course's landing page) and the bare /course-details (their index). */
export function CourseLandingPage({
  landingId,
  audience = 'public',
  loadCourses,
}: CourseLandingPageProps) {
  const { result, retry } = useFeaturedCourses(loadCourses);
  const ids: readonly number[] =
    audience === 'signedIn' ? SIGNED_IN_LANDING_IDS : PUBLIC_LANDING_IDS;
  const courses =
    result.state === 'loaded' ? result.courses.filter((course) => ids.includes(course.id)) : [];
  const course =
    landingId === undefined ? undefined : courses.find((candidate) => candidate.id === landingId);

  const title =
    landingId === undefined
      ? siteMessages.featuredIndexHeading
      : result.state === 'loaded'
        ? (course?.title ?? messages.courseNotFound)
        : messages.pageCourseLanding;
  useDocumentTitle(title);

  if (result.state === 'loading') return <Spinner className="py-16" />;
  if (result.state === 'error') {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <p>{siteMessages.featuredLoadFailed}</p>
          <Button variant="secondary" onClick={retry}>
            {messages.retry}
          </Button>
        </div>
      </section>
    );
  }

  if (landingId === undefined) return <FeaturedIndex courses={courses} />;
  if (!course) {
    return (
      <section className="mx-auto w-full max-w-3xl space-y-4 px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {messages.courseNotFound}
        </h1>
        <FeaturedLinks courses={courses} heading={siteMessages.featuredOthers} />
      </section>
    );
  }
  return (
    <FeaturedCourseView
      course={course}
      others={courses.filter((other) => other.id !== course.id)}
      audience={audience}
    />
  );
}

function FeaturedIndex({ courses }: { courses: FeaturedCourse[] }) {
  return (
    <section className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {siteMessages.featuredIndexHeading}
        </h1>
        <p className="text-sm text-slate-600">{siteMessages.featuredIndexLead}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {courses.map((course) => (
          <li key={course.id}>
            <article
              aria-labelledby={`featured-${course.id}`}
              className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <p className="text-xs font-semibold uppercase tracking-wide text-indigo-700">
                {course.category}
              </p>
              <h2 id={`featured-${course.id}`} className="text-lg font-semibold text-slate-900">
                <Link to={ROUTES.courseLanding(course.id)} className={TEXT_LINK}>
                  {course.title}
                </Link>
              </h2>
              <p className="flex-1 text-sm text-slate-600">{course.tagline}</p>
              <p className="text-xs text-slate-600">
                {course.level} · {siteMessages.featuredWeeks(course.weeks)}
              </p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FeaturedLinks({ courses, heading }: { courses: FeaturedCourse[]; heading: string }) {
  if (courses.length === 0) return null;
  return (
    <nav aria-labelledby="featured-others" className="space-y-3">
      <h2 id="featured-others" className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {courses.map((course) => (
          <li key={course.id}>
            <Link
              to={ROUTES.courseLanding(course.id)}
              className="inline-block rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {course.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface FeaturedCourseViewProps {
  course: FeaturedCourse;
  others: FeaturedCourse[];
  audience: LandingAudience;
}

function FeaturedCourseView({ course, others, audience }: FeaturedCourseViewProps) {
  const signedIn = audience === 'signedIn';
  const lessons = course.modules.reduce((sum, module) => sum + module.lessons.length, 0);
  const facts: [string, string][] = [
    [siteMessages.featuredLevel, course.level],
    [siteMessages.featuredDuration, siteMessages.featuredWeeks(course.weeks)],
    [siteMessages.featuredWeeklyLoad, siteMessages.featuredHoursPerWeek(course.hoursPerWeek)],
    [siteMessages.featuredLessons, String(lessons)],
  ];
  // One enrol link per page, so its name is unique.
  const enrol = (
    <div className="flex flex-wrap items-center gap-3">
      <Link to={signedIn ? ROUTES.courseGrid : ROUTES.register} className={PRIMARY_LINK}>
        {siteMessages.featuredEnrol}
      </Link>
      <span className="text-sm text-slate-600">
        {signedIn
          ? siteMessages.featuredEnrolHintSignedIn
          : siteMessages.featuredEnrolHintSignedOut}
      </span>
    </div>
  );

  return (
    <article
      aria-labelledby="featured-course-title"
      className="mx-auto w-full max-w-5xl space-y-10 px-4 py-8 sm:px-6 lg:py-12"
    >
      <header className="space-y-5">
        {signedIn && (
          <Link to={ROUTES.courseDetails} className={`text-sm ${TEXT_LINK}`}>
            ← {siteMessages.featuredAll}
          </Link>
        )}
        <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">
          {course.category}
        </p>
        <h1
          id="featured-course-title"
          className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
        >
          {course.title}
        </h1>
        <p className="max-w-2xl text-lg text-slate-700">{course.tagline}</p>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {facts.map(([term, value]) => (
            <div key={term} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
              <dt className="text-xs text-slate-600">{term}</dt>
              <dd className="text-base font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {enrol}
      </header>

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <section aria-labelledby="featured-outcomes" className="space-y-3">
            <h2 id="featured-outcomes" className="text-xl font-semibold text-slate-900">
              {siteMessages.featuredOutcomes}
            </h2>
            <ul className="grid gap-2 sm:grid-cols-2">
              {course.outcomes.map((outcome) => (
                <li
                  key={outcome}
                  className="flex gap-2 rounded-lg bg-white p-3 text-sm text-slate-800 shadow-sm"
                >
                  <span aria-hidden="true" className="font-bold text-emerald-600">
                    ✓
                  </span>
                  {outcome}
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="featured-program" className="space-y-3">
            <h2 id="featured-program" className="text-xl font-semibold text-slate-900">
              {siteMessages.featuredProgram}
            </h2>
            <ol className="space-y-3">
              {course.modules.map((module, index) => (
                <li
                  key={module.title}
                  className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                >
                  <h3 className="font-semibold text-slate-900">
                    <span className="text-sm font-medium text-slate-600">
                      {siteMessages.featuredModule(index + 1)}:{' '}
                    </span>
                    {module.title}
                  </h3>
                  <ul className="mt-2 list-inside list-disc space-y-1 text-sm text-slate-700">
                    {module.lessons.map((lesson) => (
                      <li key={lesson}>{lesson}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </section>
        </div>

        <aside className="space-y-8">
          <section
            aria-labelledby="featured-teacher"
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 id="featured-teacher" className="text-lg font-semibold text-slate-900">
              {siteMessages.featuredTeacher}
            </h2>
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="flex size-12 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-lg font-bold text-indigo-800"
              >
                {course.teacher.name.slice(0, 1)}
              </span>
              <div>
                <p className="font-semibold text-slate-900">{course.teacher.name}</p>
                <p className="text-sm text-slate-600">{course.teacher.role}</p>
              </div>
            </div>
            <p className="text-sm text-slate-700">{course.teacher.bio}</p>
          </section>
          <FeaturedLinks courses={others} heading={siteMessages.featuredOthers} />
        </aside>
      </div>
    </article>
  );
}
