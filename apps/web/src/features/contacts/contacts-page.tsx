import { Link } from 'react-router';
import { messages, ROUTES, siteMessages, type Contact } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { queryLoad } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { useContactsQuery } from './contacts-api';

/** /contacts ('My Contacts'): a student's teachers, a teacher's students, with telephone and email. */
export function ContactsPage({ viewer = 'student' }: { viewer?: 'student' | 'teacher' }) {
  useDocumentTitle(messages.pageContacts);
  const query = useContactsQuery();
  const load = queryLoad(query, siteMessages.contactsFailed);
  const request = () => void query.refetch();

  const isTeacher = viewer === 'teacher';

  return (
    <section className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {messages.pageContacts}
        </h1>
        <p className="text-sm text-slate-600">
          {isTeacher ? siteMessages.contactsLeadTeacher : siteMessages.contactsLeadStudent}
        </p>
      </div>

      {load.state === 'loading' && <Spinner className="py-12" />}

      {load.state === 'error' && (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <p>{load.message}</p>
          <Button variant="secondary" onClick={request}>
            {messages.retry}
          </Button>
        </div>
      )}

      {load.state === 'loaded' && load.data.length === 0 && (
        <div className="space-y-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">
          <p>{isTeacher ? siteMessages.contactsEmptyTeacher : siteMessages.contactsEmptyStudent}</p>
          {!isTeacher && (
            <Link
              to={ROUTES.courseGrid}
              className="font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {siteMessages.contactsBrowseCourses}
            </Link>
          )}
        </div>
      )}

      {load.state === 'loaded' && load.data.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2">
          {load.data.map((contact) => (
            <li key={contact._id}>
              <ContactCard contact={contact} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ContactCard({ contact }: { contact: Contact }) {
  const headingId = `contact-${contact._id}`;
  const link =
    'font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600';
  return (
    <article
      aria-labelledby={headingId}
      className="h-full space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-lg font-bold text-indigo-800"
        >
          {contact.username.slice(0, 1).toUpperCase()}
        </span>
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {contact.username}
        </h2>
      </div>
      <dl className="space-y-2 text-sm">
        <div className="grid grid-cols-3 gap-2">
          <dt className="text-slate-600">{messages.labelTelephone}</dt>
          <dd className="col-span-2">
            <a href={`tel:${contact.telephone}`} className={`whitespace-nowrap ${link}`}>
              {contact.telephone}
            </a>
          </dd>
        </div>
        <div className="grid grid-cols-3 gap-2">
          <dt className="text-slate-600">{messages.labelEmail}</dt>
          <dd className="col-span-2">
            {contact.email ? (
              <a href={`mailto:${contact.email}`} className={`break-all ${link}`}>
                {contact.email}
              </a>
            ) : (
              messages.notProvided
            )}
          </dd>
        </div>
        <div className="grid grid-cols-3 gap-2">
          <dt className="text-slate-600">{siteMessages.contactsCourses}</dt>
          <dd className="col-span-2">
            <ul className="space-y-1">
              {contact.courses.map((course) => (
                <li key={course._id}>
                  <Link to={ROUTES.myCourseDetails(course._id)} className={link}>
                    {course.title}
                  </Link>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </article>
  );
}
