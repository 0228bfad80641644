import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ROUTES, checkLogin, signInMessages, type LoginInput } from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { CheckboxField, PasswordField, TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { preloadApiClient } from '../../../lib/http';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { login } from '../auth-slice';
import { useAuthDispatch } from '../hooks';

type LoginField = keyof LoginInput;
const FIELDS: readonly LoginField[] = ['telephone', 'password'];

/**
 * Sign-in form: checkLogin in order (telephone, then password); the invalid
 * field gets a red border and aria-invalid. The terms box is not enforced
 * here. On success the app switches to the signed-in route table.
 */
export function LoginForm({ idPrefix = 'login' }: { idPrefix?: string }) {
  const dispatch = useAuthDispatch();
  const alertId = `${idPrefix}-alert`;
  const { formRef, values, field, errors, pending, setPending, showCheck, showServerFailure } =
    useCheckedForm(FIELDS, { idPrefix, alertId });
  const [acceptTerms, setAcceptTerms] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const input: LoginInput = { telephone: values.telephone.trim(), password: values.password };
    if (!showCheck(checkLogin(input))) return;
    setPending(true);
    const result = await dispatch(login(input));
    if (login.rejected.match(result)) {
      setPending(false);
      // A refused sign-in leaves the focus where it is.
      showServerFailure(result.payload, signInMessages.loginFailed, { focus: false });
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadApiClient}
      className="space-y-5"
      aria-busy={pending}
    >
      <TextField
        {...field('telephone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        label={signInMessages.labelTelephone}
        hint={signInMessages.telephoneHint}
      />
      <PasswordField
        {...field('password')}
        autoComplete="current-password"
        label={signInMessages.labelPassword}
        showLabel={signInMessages.showPassword}
        hideLabel={signInMessages.hidePassword}
      />
      <Link
        to={ROUTES.forgotPassword}
        className="block w-fit text-sm font-semibold text-indigo-700 hover:underline"
      >
        {signInMessages.forgotPassword}
      </Link>
      <CheckboxField
        id={`${idPrefix}-terms`}
        name="acceptTerms"
        label={signInMessages.labelTerms}
        checked={acceptTerms}
        onChange={(event) => setAcceptTerms(event.target.checked)}
      />
      <FormAlert id={alertId} message={errors.message} />
      <Button type="submit" className="w-full" disabled={pending}>
        {signInMessages.signInAction}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {signInMessages.noAccountYet}{' '}
        <Link
          to={ROUTES.register}
          className="font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {signInMessages.signUpLink}
        </Link>
      </p>
    </form>
  );
}
