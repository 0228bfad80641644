import { appUpdateMessages } from '@urok/contract';

/**
 * What the service worker's registration gives the prompt: `register` is
 * vite-plugin-pwa's registerSW (app-update-start.ts); it calls
 * `onNeedRefresh` once a new version's worker is installed and waiting, and
 * returns the function that activates that worker, after which the page
 * reloads (registerSW listens for the new worker taking control).
 */
export type RegisterServiceWorker = (options: {
  onNeedRefresh: () => void;
}) => (reloadPage?: boolean) => Promise<void>;

// The primary Button's look (components/ui/button.tsx).
const BUTTON_CLASS =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-indigo-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * Registers the service worker, and shows 'Доступна нова версія' with
 * 'Оновити' (DESIGN section 15) at the foot of the page once a new version
 * waits. Plain DOM rather than React: this module then imports no other
 * chunk, so main.tsx loads it with a bare import() and /login's budget
 * (bundle-budget.test.ts) pays the fewest bytes for it. The live region is in
 * the page from the start, so the text is announced when it appears.
 */
export function startAppUpdate(register: RegisterServiceWorker, host: HTMLElement): void {
  // A polite live region from the start, a status only once it says something: an empty status
  // on every page would stand beside each page's own.
  const region = document.createElement('div');
  region.setAttribute('aria-live', 'polite');
  region.className = 'pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4';
  host.append(region);

  const updateServiceWorker = register({
    onNeedRefresh() {
      if (region.firstChild) return;
      const card = document.createElement('div');
      card.className =
        'pointer-events-auto flex items-center gap-4 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-900 shadow-lg';
      const text = document.createElement('p');
      text.textContent = appUpdateMessages.updateAvailable;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = BUTTON_CLASS;
      button.textContent = appUpdateMessages.updateReload;
      button.addEventListener('click', () => {
        button.disabled = true;
        updateServiceWorker(true).catch(() => {
          button.disabled = false;
        });
      });
      card.append(text, button);
      region.setAttribute('role', 'status');
      region.append(card);
    },
  });
}
