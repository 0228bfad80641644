import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { messages, ROUTES, siteMessages } from '@urok/contract';
import { useDocumentTitle } from '../../../lib/document-title';
import type { TeacherApplicationResult } from '../auth-slice';
import { TeacherApplicationForm, type TeacherApplicationPrefill } from './teacher-application-form';

export type { TeacherApplicationPrefill } from './teacher-application-form';

/** /future-teacher: the teacher application (signed out, and pre-filled for signed-in students). */
export function FutureTeacherPage({ prefill }: { prefill?: TeacherApplicationPrefill }) {
  useDocumentTitle(messages.pageFutureTeacher);
  const [result, setResult] = useState<TeacherApplicationResult | null>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (result) sentRef.current?.focus();
  }, [result]);

  const linkClass =
    'inline-flex min-h-11 items-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

  return (
    <section className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:py-12">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {messages.pageFutureTeacher}
        </h1>
        <p className="text-base text-slate-700">{siteMessages.futureTeacherLead}</p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {result ? (
          <div className="space-y-4">
            <h2
              ref={sentRef}
              tabIndex={-1}
              className="text-xl font-bold text-slate-900 focus:outline-none"
            >
              {siteMessages.applicationSentHeading}
            </h2>
            <div
              role="status"
              className="space-y-1 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
            >
              <p className="font-semibold">{siteMessages.applicationNextSteps}</p>
              <p>{result.message}</p>
            </div>
            {prefill ? (
              <Link to={ROUTES.myCourseList} className={linkClass}>
                {siteMessages.applicationBackToCourses}
              </Link>
            ) : (
              <Link to={ROUTES.start} className={linkClass}>
                {siteMessages.applicationBackToStart}
              </Link>
            )}
          </div>
        ) : (
          <div className="space-y-5">
            {prefill && (
              <p className="text-sm text-slate-600">{siteMessages.futureTeacherPrefilled}</p>
            )}
            <TeacherApplicationForm prefill={prefill} onSubmitted={setResult} />
          </div>
        )}
      </div>
    </section>
  );
}
