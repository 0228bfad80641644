import { useEffect, useRef, useState, type ReactNode } from 'react';
import { STORAGE_KEYS, messages } from '@urok/contract';
import { readStoredFlag, storeFlag } from '../../lib/storage';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/media-query';
import { Header } from './header';
import { Sidebar } from './sidebar';

export interface ShellUser {
  username: string;
  isAdmin: boolean;
  /** Adds the 'ОПЕРАТОР' section to the sidebar. */
  isOperator?: boolean;
}

interface AppShellProps {
  user: ShellUser;
  onLogout: () => void;
  /** Shown in the header before the user menu (the notification bell, composed by app/). */
  headerExtra?: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in frame: sidebar (a drawer below lg) and header. The drawer's
 * open state and the 'sidebar-expanded' flag persist in local storage.
 */
export function AppShell({ user, onLogout, headerExtra, children }: AppShellProps) {
  const [open, setOpen] = useState(() => readStoredFlag(STORAGE_KEYS.sidebarOpen, false));
  const [expanded, setExpanded] = useState(() =>
    readStoredFlag(STORAGE_KEYS.sidebarExpanded, true),
  );
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const sidebarRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const focusDrawer = useRef(false);

  useEffect(() => storeFlag(STORAGE_KEYS.sidebarOpen, open), [open]);
  useEffect(() => storeFlag(STORAGE_KEYS.sidebarExpanded, expanded), [expanded]);

  // A drawer opened from the menu button takes the focus (its first control).
  useEffect(() => {
    if (!open || !focusDrawer.current) return;
    focusDrawer.current = false;
    sidebarRef.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
  }, [open]);

  // Escape or a click outside closes the drawer.
  useEffect(() => {
    if (!open || desktop) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      menuButtonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (sidebarRef.current?.contains(target) || menuButtonRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, desktop]);

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {messages.skipToContent}
      </a>
      <Sidebar
        isTeacher={user.isAdmin}
        isOperator={user.isOperator ?? false}
        open={open}
        expanded={expanded}
        desktop={desktop}
        onClose={() => setOpen(false)}
        onExpandedChange={setExpanded}
        onLogout={onLogout}
        sidebarRef={sidebarRef}
      />
      {open && !desktop && (
        <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden" />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header
          username={user.username}
          isTeacher={user.isAdmin}
          sidebarOpen={open}
          onOpenSidebar={() => {
            focusDrawer.current = true;
            setOpen(true);
          }}
          onLogout={onLogout}
          menuButtonRef={menuButtonRef}
          extra={headerExtra}
        />
        <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
