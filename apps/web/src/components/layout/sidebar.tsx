import { useState, type ReactNode, type RefObject } from 'react';
import { NavLink } from 'react-router';
import { ROUTES, messages } from '@urok/contract';
import { Brand } from './brand';
import {
  BookIcon,
  ChartIcon,
  ChevronDownIcon,
  InboxIcon,
  ListIcon,
  UsersIcon,
  CloseIcon,
  LogoutIcon,
  SidebarIcon,
  UserIcon,
} from './shell-icons';

export const SIDEBAR_ID = 'app-sidebar';

interface SidebarProps {
  isTeacher: boolean;
  /** Shows the operator's section (the console's pages). */
  isOperator?: boolean;
  /** The mobile drawer is open (below the lg breakpoint). */
  open: boolean;
  /** Full width with labels (true) or a compact icon rail (false), lg and up. */
  expanded: boolean;
  /** The viewport is lg or wider (the sidebar is a column, not a drawer). */
  desktop: boolean;
  onClose: () => void;
  onExpandedChange: (expanded: boolean) => void;
  onLogout: () => void;
  sidebarRef: RefObject<HTMLElement | null>;
}

const ITEM =
  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-200 transition-colors hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400';
const ACTIVE = 'bg-slate-800 text-white';

function SubLink({
  to,
  children,
  onNavigate,
}: {
  to: string;
  children: ReactNode;
  onNavigate: () => void;
}) {
  return (
    <li>
      <NavLink
        to={to}
        onClick={onNavigate}
        className={({ isActive }) =>
          `block rounded-lg py-2 pl-11 pr-3 text-sm text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400 ${isActive ? 'font-semibold text-white' : ''}`
        }
      >
        {children}
      </NavLink>
    </li>
  );
}

export function Sidebar({
  isTeacher,
  isOperator = false,
  open,
  expanded,
  desktop,
  onClose,
  onExpandedChange,
  onLogout,
  sidebarRef,
}: SidebarProps) {
  const [coursesOpen, setCoursesOpen] = useState(true);
  const compact = desktop && !expanded;
  // In the compact rail the labels stay for screen readers only.
  const label = compact ? 'sr-only' : '';
  const toggleCourses = () => {
    if (compact) {
      onExpandedChange(true);
      setCoursesOpen(true);
    } else {
      setCoursesOpen((value) => !value);
    }
  };

  return (
    <aside
      id={SIDEBAR_ID}
      ref={sidebarRef}
      className={`fixed inset-y-0 left-0 z-40 flex w-72 flex-col overflow-y-auto bg-slate-900 px-3 py-4 text-slate-100 shadow-xl transition-transform duration-200 motion-reduce:transition-none lg:sticky lg:top-0 lg:h-dvh lg:translate-x-0 lg:shadow-none lg:visible ${
        open ? 'translate-x-0' : 'invisible -translate-x-full'
      } ${compact ? 'lg:w-20' : 'lg:w-64'}`}
    >
      <div
        className={`mb-6 flex items-center px-2 ${compact ? 'justify-center' : 'justify-between'}`}
      >
        <Brand to={ROUTES.myCourseList} tone="light" compact={compact} />
        <button
          type="button"
          onClick={onClose}
          aria-label={messages.closeSidebar}
          className="rounded-lg p-2 text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400 lg:hidden"
        >
          <CloseIcon />
        </button>
      </div>

      <nav aria-label={messages.mainNavigation} className="flex flex-1 flex-col gap-6">
        <div>
          <h2 className={`px-3 pb-2 text-xs font-semibold tracking-widest text-slate-400 ${label}`}>
            {isTeacher ? messages.teacherMenu : messages.menu}
          </h2>
          <ul className="space-y-1">
            <li>
              <button
                type="button"
                aria-expanded={!compact && coursesOpen}
                aria-controls="sidebar-courses"
                onClick={toggleCourses}
                className={ITEM}
              >
                <BookIcon className="size-5 shrink-0" />
                <span className={`flex-1 text-left ${label}`}>{messages.coursesGroup}</span>
                <ChevronDownIcon
                  className={`size-4 shrink-0 transition-transform ${coursesOpen ? 'rotate-180' : ''} ${compact ? 'hidden' : ''}`}
                />
              </button>
              <ul id="sidebar-courses" hidden={compact || !coursesOpen} className="mt-1 space-y-1">
                <SubLink to={ROUTES.courseGrid} onNavigate={onClose}>
                  {messages.allCourses}
                </SubLink>
                <SubLink to={ROUTES.myCourseList} onNavigate={onClose}>
                  {messages.myCourses}
                </SubLink>
                {isTeacher ? (
                  <SubLink to={ROUTES.courseCreate} onNavigate={onClose}>
                    {messages.createCourse}
                  </SubLink>
                ) : (
                  <SubLink to={ROUTES.grades} onNavigate={onClose}>
                    {messages.myGrades}
                  </SubLink>
                )}
              </ul>
            </li>
          </ul>
        </div>

        {isOperator && (
          <div>
            <h2
              className={`px-3 pb-2 text-xs font-semibold tracking-widest text-slate-400 ${label}`}
            >
              {messages.operatorMenu}
            </h2>
            <ul className="space-y-1">
              {(
                [
                  [ROUTES.admin, messages.adminOverview, ChartIcon],
                  [ROUTES.adminApplications, messages.adminApplications, InboxIcon],
                  [ROUTES.adminUsers, messages.adminUsers, UsersIcon],
                  [ROUTES.adminCourses, messages.adminCourses, BookIcon],
                  [ROUTES.adminAudit, messages.adminAudit, ListIcon],
                ] as const
              ).map(([to, text, Icon]) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end
                    onClick={onClose}
                    className={({ isActive }) => `${ITEM} ${isActive ? ACTIVE : ''}`}
                  >
                    <Icon className="size-5 shrink-0" />
                    <span className={label}>{text}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        )}

        <div>
          <h2 className={`px-3 pb-2 text-xs font-semibold tracking-widest text-slate-400 ${label}`}>
            {messages.others}
          </h2>
          <ul className="space-y-1">
            <li>
              <NavLink
                to={ROUTES.settings}
                onClick={onClose}
                className={({ isActive }) => `${ITEM} ${isActive ? ACTIVE : ''}`}
              >
                <UserIcon className="size-5 shrink-0" />
                <span className={label}>{messages.profile}</span>
              </NavLink>
            </li>
            <li>
              <button type="button" onClick={onLogout} className={ITEM}>
                <LogoutIcon className="size-5 shrink-0" />
                <span className={label}>{messages.logout}</span>
              </button>
            </li>
          </ul>
        </div>
      </nav>

      <div className="mt-6 hidden border-t border-slate-800 pt-3 lg:block">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={SIDEBAR_ID}
          onClick={() => onExpandedChange(!expanded)}
          className={ITEM}
        >
          <SidebarIcon className="size-5 shrink-0" />
          <span className={label}>
            {expanded ? messages.collapseSidebar : messages.expandSidebar}
          </span>
        </button>
      </div>
    </aside>
  );
}
