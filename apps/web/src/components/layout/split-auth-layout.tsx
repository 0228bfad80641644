import { ROUTES, messages } from '@urok/contract';
import { AuthFormColumn, type AuthLayoutProps } from './auth-layout';
import { Brand } from './brand';
import { LanguageSwitcher } from './language-switcher';

/**
 * The split-screen frame of /loginn and /registerr: the form beside a brand
 * panel. A module of its own, so /login, which uses the card frame
 * (auth-layout.tsx), does not load it.
 */
export function SplitAuthLayout(props: AuthLayoutProps) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <aside className="hidden flex-col justify-between bg-indigo-700 p-10 text-indigo-50 lg:flex">
        <Brand to={ROUTES.start} tone="light" />
        <p className="max-w-sm text-lg leading-relaxed">{messages.productDescription}</p>
      </aside>
      <main
        id="main-content"
        className="flex flex-col items-center justify-center gap-8 px-4 py-10 sm:px-8"
      >
        <div className="lg:hidden">
          <Brand to={ROUTES.start} />
        </div>
        <AuthFormColumn {...props} />
        <LanguageSwitcher />
      </main>
    </div>
  );
}
