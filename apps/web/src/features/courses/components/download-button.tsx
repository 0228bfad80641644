import { useState, type ReactNode } from 'react';
import { courseMessages } from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api';
import { useDownloadFileMutation } from '../homework-api';

interface DownloadButtonProps {
  /** The API path of the download. */
  path: string;
  fallbackName: string;
  children: ReactNode;
  /** The accessible name when the visible text alone says too little (a bare file name). */
  label?: string;
  /** 'link': a file name in a list; 'button': a toolbar action. */
  look?: 'link' | 'button';
}

/** Downloads an authorised file (bearer header) and saves it; says so when it fails. */
export function DownloadButton({
  path,
  fallbackName,
  children,
  label,
  look = 'button',
}: DownloadButtonProps) {
  const [download, { isLoading: pending }] = useDownloadFileMutation();
  const [error, setError] = useState<string | null>(null);

  const onClick = async () => {
    setError(null);
    const result = await download({ path, fallbackName });
    if (result.error) setError(failureMessage(result.error, courseMessages.downloadFailed));
  };

  return (
    <span className="inline-flex max-w-full flex-col items-start gap-1">
      {look === 'link' ? (
        <button
          type="button"
          onClick={() => void onClick()}
          disabled={pending}
          aria-busy={pending}
          aria-label={label}
          className="max-w-full break-all rounded text-left font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:text-slate-500"
        >
          {children}
        </button>
      ) : (
        <Button
          variant="secondary"
          onClick={() => void onClick()}
          disabled={pending}
          aria-busy={pending}
          aria-label={label}
        >
          {children}
        </Button>
      )}
      {error && (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
