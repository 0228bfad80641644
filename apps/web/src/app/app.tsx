import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import type { AppStore } from './store';

interface AppProps {
  store: AppStore;
  /** Settles once the start-up token restore is done (see restoreSession). */
  sessionReady: Promise<unknown>;
}

export function App({ store, sessionReady }: AppProps) {
  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes sessionReady={sessionReady} />
      </BrowserRouter>
    </AppProviders>
  );
}
