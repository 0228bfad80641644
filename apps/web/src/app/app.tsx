import { Fragment, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { useLanguage } from '../lib/language';
import { LanguageSync } from './language-sync';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import type { AppStore } from './store';

interface AppProps {
  store: AppStore;
  /** Settles once the start-up token restore is done (see restoreSession). */
  sessionReady: Promise<unknown>;
}

/**
 * Every page again in a new language: the messages are read while rendering
 * (lib/language.ts), so a change of language renders the app anew. The
 * store (the session, the data already read) stays.
 */
function InLanguage({ children }: { children: ReactNode }) {
  return <Fragment key={useLanguage()}>{children}</Fragment>;
}

export function App({ store, sessionReady }: AppProps) {
  return (
    <AppProviders store={store}>
      <LanguageSync />
      <InLanguage>
        <BrowserRouter>
          <AppRoutes sessionReady={sessionReady} />
        </BrowserRouter>
      </InLanguage>
    </AppProviders>
  );
}
