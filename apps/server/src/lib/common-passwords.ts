import { createRequire } from 'node:module';
import type { z } from 'zod';
import { accountMessages } from '@urok/contract';

/**
 * The most common passwords: the 'passwords-common' dictionary of
 * @zxcvbn-ts/language-common (about 49,000, lower case, from public breach
 * corpora; kept up to date by the zxcvbn-ts project). Read on first use and
 * kept in a Set: about 40 ms and 4 MB of heap once, then one look-up per check.
 * Server only: the web app never loads the list.
 */
let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  if (!common) {
    // Synchronous on purpose: the check runs inside a zod refinement, which cannot wait.
    const require = createRequire(import.meta.url);
    const { dictionary } = require('@zxcvbn-ts/language-common') as {
      dictionary: { 'passwords-common': string[] };
    };
    common = new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  }
  return common;
}

/** Whether `password` is on the list, whatever its case: 'Password' and 'Qwerty12' are. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * A refinement for a body schema of the contract whose `field` holds a new
 * password: refuses a common one with its own message on that field
 * (docs/decisions.md, common passwords). It speaks only when the contract's own checks
 * passed, so their order and texts stay as the specification has them.
 */
export function refuseCommonPassword<F extends string>(field: F) {
  return (value: Record<F, unknown>, ctx: z.RefinementCtx<Record<F, unknown>>): void => {
    if (ctx.issues.length > 0) return;
    const password = value[field];
    if (typeof password === 'string' && isCommonPassword(password)) {
      ctx.addIssue({ code: 'custom', message: accountMessages.passwordTooCommon, path: [field] });
    }
  };
}
