import type { z } from 'zod';

/** The first failed check of a form: its message and the fields to mark invalid. */
export interface FormError<F extends string = string> {
  message: string;
  fields: F[];
}

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
