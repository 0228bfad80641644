import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { adminMessages, roleOf, type AdminRole, type AdminUser } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { useSignedInUser } from '../../lib/signed-in-user';
import { changeUser, createResetLink, fetchUsers, type UserChange } from './admin-slice';
import {
  AdminFrame,
  Badge,
  ConfirmBox,
  LoadError,
  LoadMore,
  Loading,
  ScrollTable,
  SearchForm,
  formatDateTime,
} from './admin-ui';
import { useAdminDispatch, useAdminState } from './hooks';

const ROLE_LABELS: Record<AdminRole, string> = {
  student: adminMessages.roleStudent,
  teacher: adminMessages.roleTeacher,
  operator: adminMessages.roleOperator,
};

interface Action {
  label: string;
  question: string;
  run: 'reset' | UserChange;
}

/** What an operator may do to `user` (the server decides again; an operator is never blocked). */
function actionsFor(user: AdminUser): Action[] {
  const name = user.username;
  const actions: Action[] = [
    user.isAdmin
      ? {
          label: adminMessages.makeStudent,
          question: adminMessages.confirmMakeStudent(name),
          run: { kind: 'role', role: 'student' },
        }
      : {
          label: adminMessages.makeTeacher,
          question: adminMessages.confirmMakeTeacher(name),
          run: { kind: 'role', role: 'teacher' },
        },
  ];
  if (user.isOperator)
    actions.push({
      label: adminMessages.removeOperator,
      question: adminMessages.confirmRemoveOperator(name),
      run: { kind: 'operator', isOperator: false },
    });
  else if (!user.isBlocked)
    actions.push({
      label: adminMessages.makeOperator,
      question: adminMessages.confirmMakeOperator(name),
      run: { kind: 'operator', isOperator: true },
    });
  if (user.isBlocked)
    actions.push({
      label: adminMessages.unblock,
      question: adminMessages.confirmUnblock(name),
      run: { kind: 'blocked', blocked: false },
    });
  else if (!user.isOperator)
    actions.push({
      label: adminMessages.block,
      question: adminMessages.confirmBlock(name),
      run: { kind: 'blocked', blocked: true },
    });
  actions.push({
    label: adminMessages.resetLink,
    question: adminMessages.confirmResetLink(name),
    run: 'reset',
  });
  return actions;
}

/** The reset link, shown once: it is not kept anywhere after this panel closes. */
function ResetLinkPanel({
  link,
  onClose,
}: {
  link: { url: string; expiresAt: string };
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.select(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin): the text is selected for a manual copy.
      inputRef.current?.select();
    }
  };
  return (
    <div className="space-y-2 rounded-lg border border-indigo-200 bg-indigo-50 p-3">
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
        {adminMessages.resetLinkTitle}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        readOnly
        value={link.url}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
      />
      <p className="text-sm text-slate-700">
        {adminMessages.resetLinkOnce(formatDateTime(link.expiresAt))}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void copy()}>
          {copied ? adminMessages.copied : adminMessages.copy}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {adminMessages.close}
        </Button>
      </div>
    </div>
  );
}

function UserRow({ user, me }: { user: AdminUser; me: string }) {
  const dispatch = useAdminDispatch();
  const [asking, setAsking] = useState<Action | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const role = roleOf(user);

  const confirm = async (action: Action) => {
    setPending(true);
    setError(null);
    if (action.run === 'reset') {
      const result = await dispatch(createResetLink(user._id));
      setPending(false);
      setAsking(null);
      if (createResetLink.fulfilled.match(result)) setLink(result.payload);
      else setError(result.payload?.message ?? adminMessages.actionFailed);
      return;
    }
    const result = await dispatch(changeUser({ id: user._id, change: action.run }));
    setPending(false);
    setAsking(null);
    if (changeUser.fulfilled.match(result)) setNotice(adminMessages.userUpdated(user.username));
    else setError(result.payload?.message ?? adminMessages.actionFailed);
  };

  const open = asking !== null || link !== null || error !== null || notice !== null;
  return (
    <Fragment>
      <tr className="border-t border-slate-100 align-top">
        <th scope="row" className="px-3 py-3 text-left font-medium text-slate-900">
          <span className="block">{user.username}</span>
          <span className="mt-1 flex flex-wrap gap-1">
            {user.isBlocked && <Badge tone="red">{adminMessages.blockedBadge}</Badge>}
            {user._id === me && <Badge tone="slate">{adminMessages.youBadge}</Badge>}
          </span>
        </th>
        <td className="whitespace-nowrap px-3 py-3">{user.telephone}</td>
        <td className="px-3 py-3">
          <Badge tone={role === 'operator' ? 'indigo' : role === 'teacher' ? 'emerald' : 'slate'}>
            {ROLE_LABELS[role]}
          </Badge>
        </td>
        <td className="whitespace-nowrap px-3 py-3 text-slate-600">
          {formatDateTime(user.createdAt)}
        </td>
        <td className="px-3 py-3">
          <div className="flex min-w-56 flex-col gap-1">
            {actionsFor(user).map((action) => (
              <Button
                key={action.label}
                variant="ghost"
                className="justify-start !px-2 text-left"
                onClick={() => {
                  setNotice(null);
                  setError(null);
                  setAsking(action);
                }}
                aria-label={`${action.label}: ${user.username}`}
              >
                {action.label}
              </Button>
            ))}
          </div>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={5} className="px-3 pb-3">
            <div className="space-y-2">
              {asking && (
                <ConfirmBox
                  question={asking.question}
                  confirmLabel={asking.label}
                  pending={pending}
                  onConfirm={() => void confirm(asking)}
                  onCancel={() => setAsking(null)}
                />
              )}
              {link && <ResetLinkPanel link={link} onClose={() => setLink(null)} />}
              {error && (
                <p role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              )}
              {notice && (
                <p role="status" className="text-sm text-emerald-800">
                  {notice}
                </p>
              )}
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** /admin/users: find accounts by name or telephone, filter by role, and act on them. */
export function AdminUsersPage() {
  const me = useSignedInUser();
  const dispatch = useAdminDispatch();
  const { users } = useAdminState();
  const [role, setRole] = useState<AdminRole | ''>(users.filter.role);
  const roleId = useId();

  useEffect(() => {
    void dispatch(fetchUsers({ filter: users.filter }));
    // The first page once; later searches are the form's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);

  return (
    <AdminFrame title={adminMessages.usersTitle}>
      <SearchForm
        label={adminMessages.usersSearchLabel}
        initial={users.filter.q}
        onSearch={(q) => void dispatch(fetchUsers({ filter: { q, role } }))}
      >
        <div className="space-y-1.5">
          <label htmlFor={roleId} className="block text-sm font-medium text-slate-800">
            {adminMessages.roleFilter}
          </label>
          <select
            id={roleId}
            value={role}
            onChange={(event) => {
              const next = event.target.value as AdminRole | '';
              setRole(next);
              void dispatch(fetchUsers({ filter: { q: users.filter.q, role: next } }));
            }}
            className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="">{adminMessages.roleAll}</option>
            {(['student', 'teacher', 'operator'] as const).map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </SearchForm>
      {users.load === 'error' && (
        <LoadError
          message={users.error ?? adminMessages.loadFailed}
          onRetry={() => void dispatch(fetchUsers({ filter: users.filter }))}
        />
      )}
      {users.load === 'loaded' && users.items.length === 0 && (
        <p className="text-slate-600">{adminMessages.empty}</p>
      )}
      {users.items.length > 0 && (
        <ScrollTable label={adminMessages.usersTitle}>
          <table className="w-full min-w-[48rem] text-sm">
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {adminMessages.columnName}
                </th>
                <th scope="col" className="px-3 py-2">
                  {adminMessages.columnTelephone}
                </th>
                <th scope="col" className="px-3 py-2">
                  {adminMessages.columnRole}
                </th>
                <th scope="col" className="px-3 py-2">
                  {adminMessages.columnCreated}
                </th>
                <th scope="col" className="px-3 py-2">
                  {adminMessages.columnActions}
                </th>
              </tr>
            </thead>
            <tbody>
              {users.items.map((user) => (
                <UserRow key={user._id} user={user} me={me._id} />
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      {users.load === 'loading' && <Loading />}
      <LoadMore
        nextCursor={users.nextCursor}
        loading={users.load === 'loading'}
        onMore={() => void dispatch(fetchUsers({ filter: users.filter, cursor: users.nextCursor }))}
      />
    </AdminFrame>
  );
}
