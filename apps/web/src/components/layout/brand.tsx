import { Link } from 'react-router';
import { signInMessages } from '@urok/contract';

interface BrandProps {
  to: string;
  tone?: 'dark' | 'light';
  /** Only the mark is visible; the name stays for screen readers. */
  compact?: boolean;
}

export function Brand({ to, tone = 'dark', compact = false }: BrandProps) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${tone === 'light' ? 'text-white' : 'text-slate-900'}`}
    >
      <img
        src="/favicon.svg"
        alt=""
        width={28}
        height={28}
        className={`size-7 rounded-md ${tone === 'light' ? 'ring-2 ring-white/80' : ''}`}
      />
      <span className={compact ? 'sr-only' : ''}>{signInMessages.productName}</span>
    </Link>
  );
}
