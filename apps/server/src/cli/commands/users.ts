import { isValidTelephone, roleOf } from '@urok/contract';
import {
  findUserIdByTelephone,
  passwordResetLink,
  setBlocked,
  setOperator,
} from '../../features/admin/admin.service.ts';
import {
  createPasswordReset,
  findAllUsers,
  setRoleByTelephone,
} from '../../features/auth/auth.service.ts';
import { cliActor } from '../../lib/audit.ts';
import { UsageError, type AdminCommandGroup } from '../command.ts';
import { formatTable, formatTimestamp } from '../table.ts';

function requireTelephone(args: readonly string[]): string {
  const telephone = args[0]?.trim();
  if (!telephone) throw new UsageError('A telephone number is required (see `users list`).');
  if (!isValidTelephone(telephone))
    throw new UsageError(`"${telephone}" is not a telephone number.`);
  return telephone;
}

export { passwordResetLink };

export const usersCommands: AdminCommandGroup = {
  summary: 'Accounts: list, change role, operators, block, reset a password',
  commands: {
    list: {
      usage: 'users list',
      summary: 'List every account, oldest first',
      async run({ db, io }) {
        const users = await findAllUsers(db);
        if (users.length === 0) {
          io.out('No accounts.');
          return;
        }
        io.out(
          formatTable(
            ['ID', 'ROLE', 'CREATED', 'NAME', 'TELEPHONE', 'EMAIL'],
            users.map((u) => [
              u._id,
              roleOf(u),
              formatTimestamp(u.createdAt),
              u.username,
              u.telephone,
              u.email,
            ]),
          ),
        );
        io.out(`\n${users.length} account(s).`);
      },
    },
    'make-teacher': {
      usage: 'users make-teacher <telephone>',
      summary: 'Make the account with that telephone a teacher',
      async run({ db, io }, args) {
        const user = await setRoleByTelephone(db, requireTelephone(args), true, cliActor());
        io.out(`${user.username} (${user.telephone}) is a teacher now.`);
      },
    },
    'make-student': {
      usage: 'users make-student <telephone>',
      summary:
        'Make the account with that telephone a student (its courses stay; its approvals are revoked)',
      async run({ db, io }, args) {
        const user = await setRoleByTelephone(db, requireTelephone(args), false, cliActor());
        io.out(`${user.username} (${user.telephone}) is a student now.`);
      },
    },
    'make-operator': {
      usage: 'users make-operator <telephone>',
      summary: 'Make the account with that telephone an operator (the console at /admin)',
      async run({ db, io }, args) {
        const id = await findUserIdByTelephone(db, requireTelephone(args));
        const user = await setOperator(db, id, true, cliActor());
        io.out(`${user.username} (${user.telephone}) is an operator now.`);
      },
    },
    'remove-operator': {
      usage: 'users remove-operator <telephone>',
      summary: 'Take the operator role from that account (never from the last operator)',
      async run({ db, io }, args) {
        const id = await findUserIdByTelephone(db, requireTelephone(args));
        const user = await setOperator(db, id, false, cliActor());
        io.out(`${user.username} (${user.telephone}) is no longer an operator.`);
      },
    },
    block: {
      usage: 'users block <telephone>',
      summary: 'Block the account: every session ends now and it cannot sign in',
      async run({ db, io }, args) {
        const id = await findUserIdByTelephone(db, requireTelephone(args));
        const user = await setBlocked(db, id, true, cliActor());
        io.out(`${user.username} (${user.telephone}) is blocked; every session has ended.`);
      },
    },
    unblock: {
      usage: 'users unblock <telephone>',
      summary: 'Unblock the account',
      async run({ db, io }, args) {
        const id = await findUserIdByTelephone(db, requireTelephone(args));
        const user = await setBlocked(db, id, false, cliActor());
        io.out(`${user.username} (${user.telephone}) can sign in again.`);
      },
    },
    'reset-password': {
      usage: 'users reset-password <telephone>',
      summary:
        'Print a one-time link (valid 1 hour) that sets a new password; give it to the user yourself',
      async run({ db, config, io }, args) {
        const { token, user, expiresAt } = await createPasswordReset(
          db,
          requireTelephone(args),
          Date.now(),
          cliActor(),
        );
        // Printed for the operator only: the token is never logged, and only its hash is stored.
        io.out(`One-time password reset link for ${user.username} (${user.telephone}):`);
        io.out('');
        io.out(`  ${passwordResetLink(config.publicUrl, token)}`);
        io.out('');
        io.out(
          `It works once, until ${formatTimestamp(expiresAt)}; any earlier link of this account no longer works.`,
        );
        io.out('Every session of the account is signed out when the new password is set.');
      },
    },
  },
};
