import { ROUTES, messages } from '@urok/contract';
import { useDocumentTitle } from '../../lib/document-title';

/**
 * What a signed-in page becomes when the server ends its session (expired,
 * signed out elsewhere, the account blocked): the server's words and a way to
 * sign in again. The link loads /login afresh, so nothing of the old
 * session's pages or data stays in memory on a shared device.
 */
export function SessionEnded({ message }: { message: string }) {
  useDocumentTitle(messages.sessionEndedTitle);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <section className="w-full max-w-md space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{messages.sessionEndedTitle}</h1>
        <p role="alert" className="text-base text-slate-800">
          {message}
        </p>
        <a
          href={ROUTES.login}
          className="inline-flex min-h-11 items-center rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {messages.signInAgain}
        </a>
      </section>
    </main>
  );
}
