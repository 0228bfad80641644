import { useEffect } from 'react';
import { signInMessages } from '@urok/contract';

export function formatDocumentTitle(title?: string): string {
  return title ? `${title} | ${signInMessages.productName}` : signInMessages.productName;
}

/** Sets the document title ('Sign In | Urok') while the page is shown. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
    return () => {
      document.title = formatDocumentTitle();
    };
  }, [title]);
}
