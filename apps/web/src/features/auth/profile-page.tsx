import { messages } from '@urok/contract';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/document-title';
import { selectUser } from './auth-slice';
import { useAuthSelector } from './hooks';

/** /profile: a read-only card of the signed-in user (docs/decisions.md). */
export function ProfilePage() {
  useDocumentTitle(messages.pageProfile);
  const user = useAuthSelector(selectUser);
  if (!user) return <Spinner className="py-16" />;
  const rows: [string, string][] = [
    [messages.labelUsername, user.username],
    [messages.labelTelephone, user.telephone],
    [messages.labelEmail, user.email || messages.notProvided],
    [messages.labelBio, user.bio || messages.notProvided],
    [messages.labelRole, user.isAdmin ? messages.roleTeacher : messages.roleStudent],
  ];
  return (
    <section className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {messages.pageProfile}
      </h1>
      <article
        aria-labelledby="profile-card-name"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <div className="mb-6 flex items-center gap-4">
          <span
            aria-hidden="true"
            className="flex size-14 items-center justify-center rounded-full bg-indigo-100 text-xl font-bold text-indigo-800"
          >
            {user.username.slice(0, 1).toUpperCase()}
          </span>
          <div>
            <h2 id="profile-card-name" className="text-lg font-semibold text-slate-900">
              {user.username}
            </h2>
            <p className="text-sm text-slate-600">
              {user.isAdmin ? messages.roleTeacher : messages.roleStudent}
            </p>
          </div>
        </div>
        <dl className="divide-y divide-slate-100">
          {rows.map(([term, value]) => (
            <div key={term} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
              <dt className="text-sm font-medium text-slate-600">{term}</dt>
              <dd className="whitespace-pre-line break-words text-sm text-slate-900 sm:col-span-2">
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </article>
    </section>
  );
}
