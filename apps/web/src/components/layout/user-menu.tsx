import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ROUTES, messages } from '@urok/contract';
import { ChevronDownIcon } from './shell-icons';

interface UserMenuProps {
  username: string;
  roleLabel: string;
  onLogout: () => void;
}

const ITEM =
  'block w-full px-4 py-2.5 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

/** The header's user menu (ARIA menu button pattern: arrows, Home/End, Escape). */
export function UserMenu({ username, roleLabel, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const target = focusOnOpen.current;
    focusOnOpen.current = null;
    const list = items();
    if (target === 'first') list[0]?.focus();
    if (target === 'last') list[list.length - 1]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusOnOpen.current = event.key === 'ArrowDown' ? 'first' : 'last';
      if (open) {
        const list = items();
        (event.key === 'ArrowDown' ? list[0] : list[list.length - 1])?.focus();
      } else {
        setOpen(true);
      }
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (next: number) => {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          focusOnOpen.current = open ? null : 'first';
          setOpen((value) => !value);
        }}
        onKeyDown={onButtonKeyDown}
        className="flex min-h-11 items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-bold text-indigo-800"
        >
          {username.slice(0, 1).toUpperCase()}
        </span>
        <span className="hidden flex-col text-left sm:flex">
          <span className="max-w-40 truncate text-sm font-semibold text-slate-900">{username}</span>
          <span className="text-xs text-slate-600">{roleLabel}</span>
        </span>
        <span className="sr-only sm:hidden">
          {username} {roleLabel}
        </span>
        <ChevronDownIcon className="size-4 text-slate-500" />
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-30 mt-2 w-56 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          <li role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              to={ROUTES.profile}
              onClick={() => close(false)}
              className={ITEM}
            >
              {messages.menuMyProfile}
            </Link>
          </li>
          <li role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              to={ROUTES.contacts}
              onClick={() => close(false)}
              className={ITEM}
            >
              {messages.menuMyContacts}
            </Link>
          </li>
          <li role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              to={ROUTES.settings}
              onClick={() => close(false)}
              className={ITEM}
            >
              {messages.menuAccountSettings}
            </Link>
          </li>
          <li role="none" className="border-t border-slate-100">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(false);
                onLogout();
              }}
              className={ITEM}
            >
              {messages.menuLogOut}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
