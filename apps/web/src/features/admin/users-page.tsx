import { Fragment, useId, useState } from 'react';
import { adminMessages, roleOf, type AdminRole, type AdminUser } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { SecretLink } from '../../components/ui/secret-link';
import { SelectField } from '../../components/ui/select-field';
import { failureMessage, useSecretMutation } from '../../lib/api';
import { useFieldValues } from '../../lib/form-controls';
import { useSignedInUser } from '../../lib/signed-in-user';
import {
  adminApi,
  useAdminUsersInfiniteQuery,
  useChangeUserMutation,
  type UserChange,
  type UserFilter,
} from './admin-api';
import {
  AdminFrame,
  Badge,
  ConfirmBox,
  PagedListFoot,
  PagedListHead,
  ScrollTable,
  SearchForm,
  useFormatDateTime,
  pagedItems,
} from './admin-ui';

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
  // The server refuses an operator's reset link (one operator must not take over another).
  if (!user.isOperator)
    actions.push({
      label: adminMessages.resetLink,
      question: adminMessages.confirmResetLink(name),
      run: 'reset',
    });
  return actions;
}

function UserRow({ user, me }: { user: AdminUser; me: string }) {
  const formatDateTime = useFormatDateTime();
  // The link is a credential: shown once, never kept in the store (useSecretMutation).
  const createResetLink = useSecretMutation(adminApi.endpoints.createResetLink);
  const [changeUser] = useChangeUserMutation();
  const [asking, setAsking] = useState<Action | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const role = roleOf(user);

  const confirm = async (action: Action, reason: string) => {
    setPending(true);
    setError(null);
    if (action.run === 'reset') {
      const result = await createResetLink(user._id);
      setPending(false);
      setAsking(null);
      if (result.data) setLink(result.data);
      else setError(failureMessage(result.error, adminMessages.actionFailed));
      return;
    }
    const result = await changeUser({ id: user._id, change: action.run, reason });
    setPending(false);
    setAsking(null);
    if (result.error) setError(failureMessage(result.error, adminMessages.actionFailed));
    else setNotice(adminMessages.userUpdated(user.username));
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
          <div className="flex min-w-56 max-w-md flex-wrap gap-x-1">
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
                  onConfirm={(reason) => void confirm(asking, reason)}
                  withReason={asking.run !== 'reset'}
                  onCancel={() => setAsking(null)}
                />
              )}
              {link && (
                <SecretLink
                  label={adminMessages.resetLinkTitle}
                  url={link.url}
                  note={adminMessages.resetLinkOnce(formatDateTime(link.expiresAt))}
                  copyLabel={adminMessages.copy}
                  copiedLabel={adminMessages.copied}
                >
                  <Button variant="secondary" onClick={() => setLink(null)}>
                    {adminMessages.close}
                  </Button>
                </SecretLink>
              )}
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
  const filters = useFieldValues<keyof UserFilter>({ q: '', role: '' });
  const filter = filters.values as UserFilter;
  const list = useAdminUsersInfiniteQuery(filter);
  const users = pagedItems(list);
  const roleId = useId();

  return (
    <AdminFrame title={adminMessages.usersTitle}>
      <SearchForm
        label={adminMessages.usersSearchLabel}
        initial={filter.q}
        // The same search again asks again.
        onSearch={(q) =>
          q.trim() === filter.q ? void list.refetch() : filters.setValues({ q: q.trim() })
        }
      >
        <SelectField id={roleId} label={adminMessages.roleFilter} {...filters.bind('role')}>
          <option value="">{adminMessages.roleAll}</option>
          {(['student', 'teacher', 'operator'] as const).map((value) => (
            <option key={value} value={value}>
              {ROLE_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </SearchForm>
      <PagedListHead list={list} empty={adminMessages.empty} />
      {users.length > 0 && (
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
              {users.map((user) => (
                <UserRow key={user._id} user={user} me={me._id} />
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <PagedListFoot list={list} />
    </AdminFrame>
  );
}
