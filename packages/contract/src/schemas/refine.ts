import type { z } from 'zod';
import type { FormError } from '../form.ts';

/** Turns a check function into a zod refinement: one issue per named field, same message. */
export function refineWith<T>(check: (value: T) => FormError | null) {
  return (value: T, ctx: z.RefinementCtx) => {
    const error = check(value);
    if (error) {
      for (const field of error.fields) {
        ctx.addIssue({ code: 'custom', message: error.message, path: [field] });
      }
    }
  };
}
