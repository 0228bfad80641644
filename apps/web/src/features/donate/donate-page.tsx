import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { messages, ROUTES, siteMessages } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/document-title';
import { formatAmount } from '../../lib/format';
import { PledgeForm, type PledgeSuccess } from './pledge-form';

/** /donate: how to support the platform, with a pledge form saved by the server. */
export function DonatePage() {
  useDocumentTitle(messages.pageDonate);
  const [success, setSuccess] = useState<PledgeSuccess | null>(null);
  // The form remounts empty for another pledge.
  const [formKey, setFormKey] = useState(0);
  const thanksRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (success) thanksRef.current?.focus();
  }, [success]);

  const ways: [string, string][] = [
    [siteMessages.donateWayPledge, siteMessages.donateWayPledgeText],
    [siteMessages.donateWayShare, siteMessages.donateWayShareText],
    [siteMessages.donateWayTeach, siteMessages.donateWayTeachText],
  ];

  return (
    <section className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:px-6 lg:py-12">
      <div className="max-w-2xl space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {messages.pageDonate}
        </h1>
        <p className="text-base text-slate-700">{siteMessages.donateLead}</p>
      </div>

      <div className="grid gap-8 lg:grid-cols-5">
        <section aria-labelledby="donate-ways" className="space-y-4 lg:col-span-2">
          <h2 id="donate-ways" className="text-lg font-semibold text-slate-900">
            {siteMessages.donateWaysHeading}
          </h2>
          <ul className="space-y-3">
            {ways.map(([title, text]) => (
              <li key={title} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
                {title === siteMessages.donateWayTeach && (
                  <Link
                    to={ROUTES.futureTeacher}
                    className="mt-2 inline-block text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    {siteMessages.donateWayTeachLink}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="donate-form"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-3"
        >
          {success ? (
            <div className="space-y-4">
              <h2
                id="donate-form"
                ref={thanksRef}
                tabIndex={-1}
                className="text-xl font-bold text-slate-900 focus:outline-none"
              >
                {siteMessages.pledgeThanksHeading}
              </h2>
              <p
                role="status"
                className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
              >
                {success.message}
              </p>
              <p className="text-sm text-slate-700">
                {siteMessages.pledgeSummary(
                  success.pledge.name,
                  formatAmount(success.pledge.amount),
                )}
              </p>
              <Button
                variant="secondary"
                onClick={() => {
                  setSuccess(null);
                  setFormKey((key) => key + 1);
                }}
              >
                {siteMessages.pledgeAnother}
              </Button>
            </div>
          ) : (
            <div className="space-y-5">
              <h2 id="donate-form" className="text-lg font-semibold text-slate-900">
                {siteMessages.donateFormHeading}
              </h2>
              <PledgeForm key={formKey} onPledged={setSuccess} />
            </div>
          )}
        </section>
      </div>
    </section>
  );
}
