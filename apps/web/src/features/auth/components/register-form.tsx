import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ROUTES, checkRegistration, messages, type RegisterFormInput } from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { CheckboxField, PasswordField, TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { preloadApiClient } from '../../../lib/http';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { register } from '../auth-slice';
import { useAuthDispatch } from '../hooks';

type RegisterField = keyof RegisterFormInput;
const FIELDS: readonly RegisterField[] = [
  'username',
  'email',
  'telephone',
  'password',
  'confirmPassword',
  'acceptTerms',
];

/**
 * Sign-up form: checkRegistration in its order (username length, all fields
 * filled, password rule, confirmation, then formats and the terms). Server
 * errors (a taken telephone: 409 with fields) show next to their field.
 */
export function RegisterForm({ idPrefix = 'register' }: { idPrefix?: string }) {
  const dispatch = useAuthDispatch();
  const alertId = `${idPrefix}-alert`;
  const { formRef, values, field, errors, pending, setPending, showCheck, showServerFailure } =
    useCheckedForm(FIELDS, { idPrefix, alertId });
  const [acceptTerms, setAcceptTerms] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!showCheck(checkRegistration({ ...values, acceptTerms }))) return;
    setPending(true);
    const result = await dispatch(
      register({
        username: values.username.trim(),
        email: values.email.trim(),
        telephone: values.telephone.trim(),
        password: values.password,
      }),
    );
    if (register.rejected.match(result)) {
      setPending(false);
      showServerFailure(result.payload, messages.internalError);
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
      <TextField {...field('username')} autoComplete="username" label={messages.labelUsername} />
      <TextField
        {...field('email')}
        type="email"
        autoComplete="email"
        label={messages.labelEmail}
      />
      <TextField
        {...field('telephone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        label={messages.labelTelephone}
        hint={messages.telephoneHint}
      />
      <PasswordField
        {...field('password')}
        autoComplete="new-password"
        label={messages.labelPassword}
        showLabel={messages.showPassword}
        hideLabel={messages.hidePassword}
      />
      <PasswordField
        {...field('confirmPassword')}
        autoComplete="new-password"
        label={messages.labelConfirmPassword}
        showLabel={messages.showConfirmPassword}
        hideLabel={messages.hideConfirmPassword}
      />
      <CheckboxField
        id={`${idPrefix}-acceptTerms`}
        name="acceptTerms"
        label={messages.labelTerms}
        checked={acceptTerms}
        onChange={(event) => setAcceptTerms(event.target.checked)}
        error={errors.fields.acceptTerms}
        describedBy={alertId}
      />
      <FormAlert id={alertId} message={errors.message} />
      <Button type="submit" className="w-full" disabled={pending}>
        {messages.signUpAction}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {messages.haveAccountAlready}{' '}
        <Link
          to={ROUTES.login}
          className="font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {messages.signInLink}
        </Link>
      </p>
    </form>
  );
}
