import { Link } from 'react-router';
import { ROUTES, courseMessages, messages } from '@urok/contract';
import { useDocumentTitle } from '../../../lib/document-title';
import { LINK_BUTTON } from './page-frame';

/** 'Курс не знайдено.' for both roles (DESIGN section 6: no stray '111'). */
export function CourseNotFound() {
  useDocumentTitle(messages.courseNotFound);
  return (
    <section className="mx-auto w-full max-w-3xl space-y-4 px-4 py-16 text-center sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {messages.courseNotFound}
      </h1>
      <Link to={ROUTES.myCourseList} className={LINK_BUTTON.secondary}>
        {courseMessages.backToMyCourses}
      </Link>
    </section>
  );
}
