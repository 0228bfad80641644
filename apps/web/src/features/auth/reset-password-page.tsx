import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  accountMessages,
  checkPasswordReset,
  messages,
  ROUTES,
  type PasswordResetFormInput,
} from '@urok/contract';
import { AuthLayout } from '../../components/layout/auth-layout';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/fields';
import { FormAlert } from '../../components/ui/form-alert';
import { StatusBanner } from '../../components/ui/status-banner';
import { asFailure, useSecretMutation } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { useCheckedForm } from '../../lib/use-checked-form';
import { passwordApi } from './password-api';

type ResetField = Exclude<keyof PasswordResetFormInput, 'token'>;
const FIELDS: readonly ResetField[] = ['password', 'confirmPassword'];

/**
 * /reset-password?token=…: the one-time link the operator gives out
 * (`npm run admin -- users reset-password`). Signed out only.
 */
export function ResetPasswordPage() {
  useDocumentTitle(accountMessages.pageResetPassword);
  const [searchParams] = useSearchParams();
  // Read once: the token is then kept in memory only, and taken out of the address bar below.
  const [token] = useState(() => searchParams.get('token')?.trim() ?? '');
  const resetPassword = useSecretMutation(passwordApi.endpoints.resetPassword);
  const { formRef, values, field, errors, pending, setPending, showCheck, showServerFailure } =
    useCheckedForm(FIELDS, {
      ids: { password: 'reset-password', confirmPassword: 'reset-confirm' },
      alertId: 'reset-alert',
    });
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    // Out of the history and of what a screenshot or a shoulder shows.
    if (token && window.location.search.includes('token=')) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, [token]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const failed = checkPasswordReset({ token, ...values });
    // The token has no field: a failure that names only it shows above the form.
    const shown = failed && {
      message: failed.message,
      fields: failed.fields.filter((field): field is ResetField => field !== 'token'),
    };
    if (!showCheck(shown)) return;
    setPending(true);
    const result = await resetPassword({ token, password: values.password });
    setPending(false);
    if (result.data) {
      setDone(result.data.message);
      return;
    }
    showServerFailure(
      asFailure(result.error, accountMessages.resetPasswordFailed),
      accountMessages.resetPasswordFailed,
      { focus: false },
    );
  };

  return (
    <AuthLayout
      title={accountMessages.pageResetPassword}
      intro={accountMessages.resetPasswordIntro}
    >
      {done ? (
        <div className="space-y-5">
          <StatusBanner banner={{ tone: 'success', text: done }} />
          <Link
            to={ROUTES.login}
            className="inline-flex font-semibold text-indigo-700 underline-offset-4 hover:underline"
          >
            {accountMessages.goToSignIn}
          </Link>
        </div>
      ) : !token ? (
        <div className="space-y-5">
          <FormAlert id="reset-alert" message={accountMessages.resetTokenMissing} />
          <Link
            to={ROUTES.login}
            className="inline-flex font-semibold text-indigo-700 underline-offset-4 hover:underline"
          >
            {accountMessages.goToSignIn}
          </Link>
        </div>
      ) : (
        <form
          ref={formRef}
          noValidate
          onSubmit={onSubmit}
          className="space-y-5"
          aria-busy={pending}
        >
          <PasswordField
            {...field('password')}
            autoComplete="new-password"
            label={accountMessages.labelNewPassword}
            showLabel={accountMessages.showNewPassword}
            hideLabel={accountMessages.hideNewPassword}
          />
          <PasswordField
            {...field('confirmPassword')}
            autoComplete="new-password"
            label={accountMessages.labelConfirmNewPassword}
            showLabel={accountMessages.showConfirmNewPassword}
            hideLabel={accountMessages.hideConfirmNewPassword}
          />
          <FormAlert id="reset-alert" message={errors.message} />
          <Button type="submit" disabled={pending} className="w-full">
            {accountMessages.resetPasswordAction}
          </Button>
          <p className="text-sm text-slate-600">
            <Link
              to={ROUTES.login}
              className="font-semibold text-indigo-700 underline-offset-4 hover:underline"
            >
              {messages.signInLink}
            </Link>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
