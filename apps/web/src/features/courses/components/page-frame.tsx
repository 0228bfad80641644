import type { ReactNode } from 'react';
import { messages } from '@urok/contract';
import { Button } from '../../../components/ui/button';

interface PageFrameProps {
  title: string;
  intro?: ReactNode;
  /** Beside the heading on wide screens, under it on phones (a call to action). */
  aside?: ReactNode;
  children: ReactNode;
  width?: 'wide' | 'narrow';
}

/** The frame of a course page: its h1, an intro and the content. */
export function PageFrame({ title, intro, aside, children, width = 'wide' }: PageFrameProps) {
  return (
    <section
      className={`mx-auto w-full space-y-6 px-4 py-8 sm:px-6 ${width === 'wide' ? 'max-w-6xl' : 'max-w-3xl'}`}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {intro && <p className="text-sm text-slate-600">{intro}</p>}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}

interface LoadErrorProps {
  message: string;
  onRetry: () => void;
}

/** A failed load: what failed and a retry button. */
export function LoadError({ message, onRetry }: LoadErrorProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {messages.retry}
      </Button>
    </div>
  );
}

/** A calm 'nothing here' panel with an optional way on. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
      <p className="text-base">{message}</p>
      {children}
    </div>
  );
}

/** Link styled as a button (primary or secondary). */
export const LINK_BUTTON = {
  primary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
  secondary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
} as const;
