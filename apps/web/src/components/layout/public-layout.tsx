import { Link, Outlet } from 'react-router';
import { ROUTES, signInMessages } from '@urok/contract';
import { Brand } from './brand';
import { LanguageSwitcher } from './language-switcher';

/** The frame of the public pages a signed-out visitor sees (/start, /game, …). */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {signInMessages.skipToContent}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3 sm:gap-4 sm:px-6">
          <Brand to={ROUTES.start} />
          <nav
            aria-label={signInMessages.mainNavigation}
            className="flex items-center justify-end gap-1 sm:gap-2"
          >
            <LanguageSwitcher compact />
            <Link
              to={ROUTES.login}
              className="whitespace-nowrap rounded-lg px-2 py-2 text-sm font-semibold text-slate-700 sm:px-3 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {signInMessages.signInLink}
            </Link>
            <Link
              to={ROUTES.register}
              className="whitespace-nowrap rounded-lg bg-indigo-600 px-2.5 py-2 text-sm font-semibold text-white sm:px-3 hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {signInMessages.signUpLink}
            </Link>
          </nav>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}
