import type { ReactNode } from 'react';
import { accountMessages, messages } from '@urok/contract';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/document-title';
import { selectUser } from './auth-slice';
import { ChangePasswordForm } from './components/change-password-form';
import { LanguageSetting } from './components/language-setting';
import { ProfileForm } from './components/profile-form';
import { useAuthSelector } from './hooks';

/**
 * /home and /settings: the personal information form; /settings also changes
 * the password, and the route adds the sections other features own (children).
 */
export function SettingsPage({
  title = messages.pageSettings,
  passwordSection = true,
  children,
}: {
  title?: string;
  passwordSection?: boolean;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  const user = useAuthSelector(selectUser);
  return (
    <section className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="text-sm text-slate-600">{messages.personalInformationIntro}</p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h2 className="mb-5 text-lg font-semibold text-slate-900">
          {messages.personalInformation}
        </h2>
        {/* Keyed by user id: another account's data never lingers in the form. */}
        {user ? <ProfileForm key={user._id} user={user} /> : <Spinner />}
      </div>
      {passwordSection && user && (
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <LanguageSetting key={user._id} user={user} />
        </div>
      )}
      {passwordSection && (
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h2 className="mb-1 text-lg font-semibold text-slate-900">
            {accountMessages.changePasswordTitle}
          </h2>
          <p className="mb-5 text-sm text-slate-600">{accountMessages.changePasswordIntro}</p>
          <ChangePasswordForm key={user?._id} />
        </div>
      )}
      {children}
    </section>
  );
}

export function HomePage() {
  return <SettingsPage title={messages.pageHome} passwordSection={false} />;
}
