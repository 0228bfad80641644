import { useEffect } from 'react';
import { messages } from '@urok/contract';

export function formatDocumentTitle(title?: string): string {
  return title ? `${title} | ${messages.productName}` : messages.productName;
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
