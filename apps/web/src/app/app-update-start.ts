/**
 * The service worker's registration (vite-plugin-pwa, vite.config.ts), loaded
 * by main.tsx after the first render in a chunk of its own: /login's
 * JavaScript budget (bundle-budget.test.ts) pays only for the import.
 */
import { registerSW } from 'virtual:pwa-register';
import { startAppUpdate } from './app-update';

if ('serviceWorker' in navigator) startAppUpdate(registerSW, document.body);
