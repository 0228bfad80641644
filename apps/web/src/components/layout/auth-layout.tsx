import type { ReactNode } from 'react';
import { ROUTES, messages } from '@urok/contract';
import { Brand } from './brand';

interface AuthLayoutProps {
  title: string;
  intro?: string;
  /** 'split': the form beside a brand panel (/loginn, /registerr). */
  variant?: 'card' | 'split';
  children: ReactNode;
}

/** The frame of the sign-in and sign-up pages. */
export function AuthLayout({ title, intro, variant = 'card', children }: AuthLayoutProps) {
  const form = (
    <div className="w-full max-w-md space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {intro && <p className="text-sm text-slate-600">{intro}</p>}
      </div>
      {children}
    </div>
  );

  if (variant === 'split') {
    return (
      <div className="grid min-h-dvh lg:grid-cols-2">
        <aside className="hidden flex-col justify-between bg-indigo-700 p-10 text-indigo-50 lg:flex">
          <Brand to={ROUTES.start} tone="light" />
          <p className="max-w-sm text-lg leading-relaxed">{messages.productDescription}</p>
        </aside>
        <main id="main-content" className="flex flex-col items-center justify-center gap-8 px-4 py-10 sm:px-8">
          <div className="lg:hidden">
            <Brand to={ROUTES.start} />
          </div>
          {form}
        </main>
      </div>
    );
  }

  return (
    <main id="main-content" className="flex min-h-dvh flex-col items-center justify-center gap-8 px-4 py-10">
      <Brand to={ROUTES.start} />
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {form}
      </div>
    </main>
  );
}
