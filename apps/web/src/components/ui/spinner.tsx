import { signInMessages } from '@urok/contract';

interface SpinnerProps {
  label?: string;
  className?: string;
}

/** A polite loading indicator: screen readers hear the label once. */
export function Spinner({ label = signInMessages.loading, className = '' }: SpinnerProps) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 ${className}`}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-indigo-200 border-t-indigo-600 motion-reduce:animate-none"
      />
      <span className="text-sm text-slate-600">{label}</span>
    </div>
  );
}

export function FullPageSpinner() {
  return <Spinner className="min-h-dvh" />;
}
