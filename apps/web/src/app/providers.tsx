import { StrictMode, Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { FullPageSpinner } from '../components/ui/spinner';
import type { AppStore } from './store';

/** Store and the app-wide loading fallback; the router is given by the caller (browser or memory). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
      </Provider>
    </StrictMode>
  );
}
