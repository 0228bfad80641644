import { useRef, useState } from 'react';
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
 * The errors, pending flag and focus handling of a form checked by the
 * contract before it is sent. `fields` is the form order: the first invalid
 * one takes the focus. Put `formRef` on the <form>; each form keeps its own
 * banners, values and success handling.
 */
export function useCheckedForm<F extends string>(fields: readonly F[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors<F>>(noFormErrors);
  const [pending, setPending] = useState(false);

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
