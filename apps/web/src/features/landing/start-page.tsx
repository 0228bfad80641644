import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { messages, PUBLIC_LANDING_IDS, ROUTES, siteMessages, type Course } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { queryLoad } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { selectRefusedAtStart } from '../../lib/ended-session';
import { rememberReturnPath, signInPathFor } from '../../lib/next';
import { CATALOG_PREVIEW_SIZE, useCatalogPreviewQuery } from './catalog-api';
import type { FeaturedCourse } from './featured-course-types';
import { useFeaturedCourses } from './use-featured-courses';

const PRIMARY =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-600 px-5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
const SECONDARY =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
const TEXT_LINK =
  'font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600';

interface StartPageProps {
  /** Tests hand in their own featured data. */
  loadFeatured?: () => Promise<FeaturedCourse[]>;
}

/** /start: what Urok is, featured courses from the real catalogue, and the ways in. */
export function StartPage({ loadFeatured }: StartPageProps) {
  useDocumentTitle(messages.pageStart);
  // A reload with a session the server refused (it ended, or the account was blocked) lands here.
  const ended = useSelector(selectRefusedAtStart);
  return (
    <div className="space-y-14 pb-16">
      {ended && (
        <p
          role="alert"
          className="mx-auto mt-4 max-w-6xl rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 sm:px-6"
        >
          {ended}
        </p>
      )}
      <Hero />
      <HowItWorks />
      <CatalogPreview />
      <FeaturedPrograms load={loadFeatured} />
      <TeachAndMore />
    </div>
  );
}

function Hero() {
  return (
    <section
      aria-labelledby="start-heading"
      className="bg-gradient-to-b from-indigo-50 to-slate-50"
    >
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-12 sm:px-6 sm:py-16 lg:py-20">
        <h1
          id="start-heading"
          className="max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl"
        >
          {siteMessages.startHeading}
        </h1>
        <p className="max-w-2xl text-lg text-slate-700">{siteMessages.startLead}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={ROUTES.register} className={PRIMARY}>
            {siteMessages.startRegister}
          </Link>
          <Link to={ROUTES.login} className={SECONDARY}>
            {siteMessages.startSignIn}
          </Link>
          <Link to={ROUTES.futureTeacher} className={SECONDARY}>
            {siteMessages.startApply}
          </Link>
        </div>
      </div>
    </section>
  );
}

function HowItWorks() {
  const steps: [string, string][] = [
    [siteMessages.startStepEnrol, siteMessages.startStepEnrolText],
    [siteMessages.startStepHomework, siteMessages.startStepHomeworkText],
    [siteMessages.startStepGrades, siteMessages.startStepGradesText],
  ];
  return (
    <section aria-labelledby="start-how" className="mx-auto max-w-6xl space-y-5 px-4 sm:px-6">
      <h2 id="start-how" className="text-2xl font-bold tracking-tight text-slate-900">
        {siteMessages.startHowItWorks}
      </h2>
      <ol className="grid gap-4 sm:grid-cols-3">
        {steps.map(([title, text], index) => (
          <li key={title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <span
              aria-hidden="true"
              className="flex size-9 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function CatalogPreview() {
  const query = useCatalogPreviewQuery();
  const catalog = queryLoad(query, siteMessages.startCatalogFailed);
  const request = () => void query.refetch();

  return (
    <section
      aria-labelledby="start-catalog"
      aria-busy={catalog.state === 'loading'}
      className="mx-auto max-w-6xl space-y-5 px-4 sm:px-6"
    >
      <h2 id="start-catalog" className="text-2xl font-bold tracking-tight text-slate-900">
        {siteMessages.startCatalogHeading}
      </h2>
      {catalog.state === 'loading' && (
        <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: CATALOG_PREVIEW_SIZE }, (_, index) => (
            <li key={index}>
              <CatalogCardPlaceholder />
            </li>
          ))}
        </ul>
      )}
      {catalog.state === 'error' && (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <p>{catalog.message}</p>
          <Button variant="secondary" onClick={request}>
            {messages.retry}
          </Button>
        </div>
      )}
      {catalog.state === 'loaded' && catalog.data.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
          {siteMessages.startCatalogEmpty}
        </p>
      )}
      {catalog.state === 'loaded' && catalog.data.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {catalog.data.map((course) => (
            <li key={course._id}>
              <CatalogCard course={course} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A catalogue card's shape while the catalogue loads: the card's boxes, paddings and line
 * heights, so that what is below does not move when the cards arrive (a reader who has scrolled
 * down, or is about to tap a programme below, would otherwise see it jump by a card's height).
 */
function CatalogCardPlaceholder() {
  return (
    <div className="flex h-full animate-pulse flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm motion-reduce:animate-none">
      <div className="aspect-video w-full bg-slate-200" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        {/* The category (text-xs), the title (text-lg: two lines where the cards share a row,
            one on a phone), three lines of description (text-sm), the author and count
            (text-xs) and the enrol link (text-sm): each its line height. */}
        <div className="h-4 w-24 rounded bg-slate-200" />
        <div>
          <div className="h-7 py-1">
            <div className="h-full w-3/4 rounded bg-slate-200" />
          </div>
          <div className="hidden h-7 py-1 sm:block">
            <div className="h-full w-1/2 rounded bg-slate-200" />
          </div>
        </div>
        <div className="h-15 rounded bg-slate-100" />
        <div className="h-4 w-2/3 rounded bg-slate-200" />
        <div className="mt-2 h-5 w-28 rounded bg-slate-200" />
      </div>
    </div>
  );
}

function CatalogCard({ course }: { course: Course }) {
  const headingId = `catalog-${course._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {course.coverUrl ? (
        <img
          src={course.coverUrl}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full bg-slate-100 object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="aspect-video w-full bg-gradient-to-br from-indigo-100 to-sky-100"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs font-semibold uppercase tracking-wide text-indigo-700">
          {course.category}
        </p>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          <Link
            to={ROUTES.myCourseDetails(course._id)}
            className="rounded hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {course.title}
          </Link>
        </h3>
        {/* The clamp on a box of its own: a card stretched to its row's height would show the
            lines past the ellipsis if the clamped paragraph itself grew. */}
        <div className="flex-1">
          <p className="line-clamp-3 text-sm text-slate-600">{course.description}</p>
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          <div className="flex gap-1">
            <dt>{siteMessages.startCatalogAuthor}:</dt>
            <dd className="font-medium text-slate-800">{course.author.username}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{siteMessages.startCatalogEnrolled}:</dt>
            <dd className="font-medium text-slate-800">{course.enrolledCount}</dd>
          </div>
        </dl>
        {/* The visible words start the name; the title makes each card's link unique. */}
        <Link
          to={signInPathFor(ROUTES.myCourseDetails(course._id))}
          onClick={() => rememberReturnPath(ROUTES.myCourseDetails(course._id))}
          aria-label={`${siteMessages.startCatalogEnrol}: ${course.title}`}
          className={`mt-2 text-sm ${TEXT_LINK}`}
        >
          {siteMessages.startCatalogEnrol}
        </Link>
      </div>
    </article>
  );
}

function FeaturedPrograms({ load }: { load: (() => Promise<FeaturedCourse[]>) | undefined }) {
  const { result, retry } = useFeaturedCourses(load);
  return (
    <section aria-labelledby="start-featured" className="mx-auto max-w-6xl space-y-5 px-4 sm:px-6">
      <h2 id="start-featured" className="text-2xl font-bold tracking-tight text-slate-900">
        {siteMessages.startFeaturedHeading}
      </h2>
      {result.state === 'loading' && (
        // One box per programme, each a programme link's height (its padding, title and line).
        <ul aria-hidden="true" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {PUBLIC_LANDING_IDS.map((id) => (
            <li
              key={id}
              className="h-[4.875rem] animate-pulse rounded-xl border border-slate-200 bg-slate-100 motion-reduce:animate-none"
            />
          ))}
        </ul>
      )}
      {result.state === 'error' && (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <p>{siteMessages.featuredLoadFailed}</p>
          <Button variant="secondary" onClick={retry}>
            {messages.retry}
          </Button>
        </div>
      )}
      {result.state === 'loaded' && (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {result.courses.map((course) => (
            <li key={course.id}>
              <Link
                to={ROUTES.courseLanding(course.id)}
                className="flex h-full flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <span className="font-semibold text-slate-900">{course.title}</span>
                <span className="text-xs text-slate-600">
                  {course.category} · {course.level} · {siteMessages.featuredWeeks(course.weeks)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TeachAndMore() {
  return (
    <div className="mx-auto grid max-w-6xl gap-4 px-4 sm:px-6 md:grid-cols-2">
      <section
        aria-labelledby="start-teach"
        className="space-y-3 rounded-2xl bg-indigo-700 p-6 text-indigo-50"
      >
        <h2 id="start-teach" className="text-xl font-bold text-white">
          {siteMessages.startTeachHeading}
        </h2>
        <p className="text-sm">{siteMessages.startTeachText}</p>
        <Link
          to={ROUTES.futureTeacher}
          className="inline-flex min-h-11 items-center rounded-lg bg-white px-4 py-2 text-sm font-semibold text-indigo-800 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {siteMessages.startTeachLink}
        </Link>
      </section>
      <section
        aria-labelledby="start-more"
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="start-more" className="text-xl font-bold text-slate-900">
          {siteMessages.startMoreHeading}
        </h2>
        <ul className="space-y-2 text-sm">
          <li>
            <Link to={ROUTES.game} className={TEXT_LINK}>
              {siteMessages.startGameLink}
            </Link>
          </li>
          <li>
            <Link to={ROUTES.donate} className={TEXT_LINK}>
              {siteMessages.startDonateLink}
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
