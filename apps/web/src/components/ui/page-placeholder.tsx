import type { ReactNode } from 'react';
import { messages } from '@urok/contract';
import { useDocumentTitle } from '../../lib/document-title';

interface PagePlaceholderProps {
  title: string;
  description: string;
  children?: ReactNode;
}

/** A real, simple page for a screen a later issue fills: it says what it will hold. */
export function PagePlaceholder({ title, description, children }: PagePlaceholderProps) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto w-full max-w-3xl space-y-4 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="text-base text-slate-700">{description}</p>
      {children}
      <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-3 text-sm text-slate-600">
        {messages.comingSoon}
      </p>
    </section>
  );
}
