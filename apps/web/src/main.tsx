import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppStore } from './app/store';
import { restoreSession } from './features/auth/auth-slice';
import { prepareLanguage } from './lib/language';
import './index.css';

const store = createAppStore();
// Start-up restore: stored token → bearer header → current user (spec section 4).
const sessionReady = store.dispatch(restoreSession());

// index.html has #root; without it createRoot throws ('Target container is not a DOM element').
// No check of our own: its message would cost /login's budget (bundle-budget.test.ts) 30 bytes.
// The first render waits for the start language's catalog (English only: Ukrainian is built in).
void prepareLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <App store={store} sessionReady={sessionReady} />,
  ),
);
// The service worker (installable app, offline shell) and its update prompt: a chunk loaded
// after the first render, and only in a build (the dev server has no worker).
if (import.meta.env.PROD) void import('./app/app-update-start');
