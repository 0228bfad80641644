import type { ReactNode } from 'react';
import { ROUTES } from '@urok/contract';
import { Brand } from './brand';
import { LanguageSwitcher } from './language-switcher';

export interface AuthLayoutProps {
  title: string;
  intro?: string;
  children: ReactNode;
}

/** The page heading and the form under it, in both frames of the sign-in and sign-up pages. */
export function AuthFormColumn({ title, intro, children }: AuthLayoutProps) {
  return (
    <div className="w-full max-w-md space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {intro && <p className="text-sm text-slate-600">{intro}</p>}
      </div>
      {children}
    </div>
  );
}

/**
 * The frame of the sign-in and sign-up pages: the form on a card. The
 * split-screen frame of /loginn and /registerr is split-auth-layout.tsx.
 */
export function AuthLayout(props: AuthLayoutProps) {
  return (
    <main
      id="main-content"
      className="flex min-h-dvh flex-col items-center justify-center gap-8 px-4 py-10"
    >
      <Brand to={ROUTES.start} />
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <AuthFormColumn {...props} />
      </div>
      <LanguageSwitcher />
    </main>
  );
}
