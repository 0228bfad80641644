import type { FormError } from '@urok/contract';
import type { ApiFailure } from './api-error';

/**
 * What a form shows: one form-level message and the invalid fields, each
 * with its own text ('' marks a field invalid under the form-level message).
 */
export interface FormErrors<F extends string> {
  message: string | null;
  fields: Partial<Record<F, string>>;
}

export function noFormErrors<F extends string>(): FormErrors<F> {
  return { message: null, fields: {} };
}

/** A failed contract check: one field gets the message itself, several share it. */
export function fromCheck<F extends string>(error: FormError<F>): FormErrors<F> {
  const [only] = error.fields;
  if (error.fields.length === 1 && only !== undefined) {
    return { message: null, fields: { [only]: error.message } as Partial<Record<F, string>> };
  }
  const fields: Partial<Record<F, string>> = {};
  for (const field of error.fields) fields[field] = '';
  return { message: error.message, fields };
}

/** A server error: field messages go next to the fields the form has, the rest above. */
export function fromServer<F extends string>(
  failure: ApiFailure,
  formFields: readonly F[],
): FormErrors<F> {
  const fields: Partial<Record<F, string>> = {};
  for (const [name, text] of Object.entries(failure.fields ?? {})) {
    if ((formFields as readonly string[]).includes(name)) fields[name as F] = text;
  }
  return { message: Object.keys(fields).length > 0 ? null : failure.message, fields };
}

/** The first invalid field in form order, to move the focus there. */
export function firstInvalidField<F extends string>(
  errors: FormErrors<F>,
  order: readonly F[],
): F | undefined {
  return order.find((field) => errors.fields[field] !== undefined);
}
