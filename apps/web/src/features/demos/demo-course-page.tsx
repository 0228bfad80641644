import { Link, useParams } from 'react-router';
import { messages, ROUTES, siteMessages } from '@urok/contract';
import { useDocumentTitle } from '../../lib/document-title';
import { demoCourses, findDemoCourse } from './demo-course-data';

/** /course/{id}: one of the 11 static demo courses; unknown ids say 'Курс не знайдено'. */
export function DemoCoursePage() {
  const { id } = useParams();
  const course = findDemoCourse(id);
  useDocumentTitle(course ? course.courseTitle : messages.demoCourseNotFound);

  if (!course) {
    return (
      <section className="mx-auto w-full max-w-3xl space-y-4 px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {messages.demoCourseNotFound}
        </h1>
        <OtherCourses />
      </section>
    );
  }

  return (
    <section className="mx-auto w-full max-w-3xl space-y-8 px-4 py-8 sm:px-6">
      <article
        aria-labelledby="demo-course-title"
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <div className="flex items-center gap-4">
          <img
            src={course.companyLogo}
            alt=""
            width={56}
            height={56}
            decoding="async"
            className="size-14 shrink-0 rounded-xl"
          />
          <dl>
            <dt className="sr-only">{siteMessages.demoCourseCompany}</dt>
            <dd className="text-sm font-semibold text-indigo-700">{course.companyName}</dd>
          </dl>
        </div>
        <h1
          id="demo-course-title"
          className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
        >
          {course.courseTitle}
        </h1>
        <p className="text-base leading-relaxed text-slate-700">{course.description}</p>
        <dl className="flex flex-wrap items-center gap-2 text-sm">
          <dt className="font-medium text-slate-600">{siteMessages.demoCourseProfession}:</dt>
          <dd className="rounded-full bg-indigo-50 px-3 py-1 font-semibold text-indigo-800">
            {course.profession}
          </dd>
        </dl>
      </article>
      <OtherCourses currentId={course.id} />
    </section>
  );
}

function OtherCourses({ currentId }: { currentId?: number }) {
  return (
    <nav aria-labelledby="demo-course-others" className="space-y-3">
      <h2 id="demo-course-others" className="text-lg font-semibold text-slate-900">
        {siteMessages.demoCourseOthers}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {demoCourses()
          .filter((other) => other.id !== currentId)
          .map((other) => (
            <li key={other.id}>
              <Link
                to={ROUTES.demoCourse(other.id)}
                className="block rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {other.courseTitle}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
