import { useRef, useState, type ChangeEvent } from 'react';
import type { FormError } from '@urok/contract';
import type { ApiFailure } from './api-error';
import {
  firstInvalidField,
  fromCheck,
  fromServer,
  noFormErrors,
  type FormErrors,
} from './form-errors';

/**
 * What `field(name)` gives a control: the props of the shared fields
 * (components/ui/fields.tsx: TextField, TextAreaField, PasswordField), which
 * turn `error` and `describedBy` into aria-invalid, aria-describedby and the
 * message under the field; `controlProps` does it for a plain control.
 */
export interface FieldProps<F extends string = string> {
  id: string;
  name: F;
  value: string;
  onChange: (
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) => void;
  /** undefined: valid; '': invalid, explained by `describedBy`; text: shown under the field. */
  error: string | undefined;
  /** The form-level message that explains a field invalid without a text of its own. */
  describedBy: string | undefined;
}

export interface CheckedFormOptions<F extends string> {
  /** The fields' first values ('' for any not named). */
  initial?: Partial<Record<F, string>>;
  /** A field's element id: its own in `ids`, else `${idPrefix}-${name}`, else the name itself. */
  ids?: Partial<Record<F, string>>;
  idPrefix?: string;
  /** The id of the form-level message (FormAlert) that `describedBy` names. */
  alertId?: string;
}

/**
 * The values, errors, pending flag and focus handling of a form checked by
 * the contract before it is sent. `fields` is the form order: the first
 * invalid one takes the focus. Put `formRef` on the <form> and
 * `{...field(name)}` on each text control; each form keeps its own banners
 * and success handling.
 */
export function useCheckedForm<F extends string>(
  fields: readonly F[],
  { initial, ids, idPrefix, alertId }: CheckedFormOptions<F> = {},
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors<F>>(noFormErrors);
  const [pending, setPending] = useState(false);
  const [values, setAll] = useState(
    () =>
      ({ ...Object.fromEntries(fields.map((name) => [name, ''])), ...initial }) as Record<
        F,
        string
      >,
  );
  /** Changes some values, keeping the others. */
  const setValues = (patch: Partial<Record<F, string>>) =>
    setAll((current) => ({ ...current, ...patch }));

  /** A text control's id, name, value, change handler and error state. */
  const field = (name: F): FieldProps<F> => ({
    id: ids?.[name] ?? (idPrefix ? `${idPrefix}-${name}` : name),
    name,
    value: values[name],
    onChange: (event) => setValues({ [name]: event.target.value } as Partial<Record<F, string>>),
    error: errors.fields[name],
    describedBy: alertId,
  });

  /** Shows `next` and, unless told not to, focuses its first invalid field. */
  const showErrors = (next: FormErrors<F>, focus = true) => {
    setErrors(next);
    const field = focus ? firstInvalidField(next, fields) : undefined;
    if (field) (formRef.current?.elements.namedItem(field) as HTMLElement | null)?.focus();
  };

  const clearErrors = () => setErrors(noFormErrors());

  /** True (errors cleared) when the check passed; otherwise shows the failure and returns false. */
  const showCheck = (failed: FormError<F> | null | undefined): boolean => {
    if (failed) {
      showErrors(fromCheck(failed));
      return false;
    }
    clearErrors();
    return true;
  };

  /** A rejected call: its field messages beside the fields (focused), the rest above. */
  const showServerFailure = (
    failure: ApiFailure | undefined,
    fallbackMessage: string,
    { focus = true }: { focus?: boolean } = {},
  ) => showErrors(fromServer(failure ?? { message: fallbackMessage }, fields), focus);

  return {
    formRef,
    values,
    setValues,
    field,
    errors,
    setErrors,
    showErrors,
    clearErrors,
    showCheck,
    showServerFailure,
    pending,
    setPending,
  };
}
