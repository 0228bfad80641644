import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppStore } from './app/store';
import { restoreSession } from './features/auth/auth-slice';
import './index.css';

const store = createAppStore();
// Start-up restore: stored token → bearer header → current user (spec section 4).
const sessionReady = store.dispatch(restoreSession());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App store={store} sessionReady={sessionReady} />);
