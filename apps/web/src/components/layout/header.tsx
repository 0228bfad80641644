import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ROUTES, messages } from '@urok/contract';
import { useFieldValues } from '../../lib/form-controls';
import { MenuIcon, SearchIcon } from './shell-icons';
import { SIDEBAR_ID } from './sidebar';
import { UserMenu } from './user-menu';

interface HeaderProps {
  username: string;
  isTeacher: boolean;
  sidebarOpen: boolean;
  onOpenSidebar: () => void;
  onLogout: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  /** Before the user menu: the notification bell. */
  extra?: ReactNode;
}

/** The course search: a plain GET of the catalogue page, never a third-party service. */
function CourseSearch() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const search = useFieldValues(() => ({ q: params.get('q') ?? '' }));
  const inputId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = search.values.q.trim();
    navigate(
      q ? `${ROUTES.courseGrid}?${new URLSearchParams({ q }).toString()}` : ROUTES.courseGrid,
    );
  };

  return (
    <form role="search" onSubmit={onSubmit} className="relative w-full max-w-md">
      <label htmlFor={inputId} className="sr-only">
        {messages.searchCourses}
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        {...search.bind('q')}
        placeholder={messages.searchPlaceholder}
        autoComplete="off"
        className="block w-full rounded-lg border border-slate-300 bg-slate-50 py-2 pl-3 pr-11 text-base text-slate-900 placeholder:text-slate-500 focus:border-indigo-600 focus:bg-white focus:outline-none focus:ring-2 focus:ring-indigo-600/30 sm:text-sm"
      />
      <button
        type="submit"
        aria-label={messages.searchAction}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
      >
        <SearchIcon />
      </button>
    </form>
  );
}

export function Header({
  username,
  isTeacher,
  sidebarOpen,
  onOpenSidebar,
  onLogout,
  menuButtonRef,
  extra,
}: HeaderProps) {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex items-center gap-3 px-4 py-2.5 sm:px-6">
        <button
          ref={menuButtonRef}
          type="button"
          onClick={onOpenSidebar}
          aria-label={messages.openSidebar}
          aria-controls={SIDEBAR_ID}
          aria-expanded={sidebarOpen}
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
        >
          <MenuIcon className="size-6" />
        </button>
        <div className="flex min-w-0 flex-1">
          <CourseSearch />
        </div>
        {extra}
        <UserMenu
          username={username}
          roleLabel={isTeacher ? messages.roleTeacher : messages.roleStudent}
          onLogout={onLogout}
        />
      </div>
    </header>
  );
}
