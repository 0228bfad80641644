import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  accountMessages,
  isValidTelephone,
  messages,
  ROUTES,
  signInMessages,
} from '@urok/contract';
import { AuthLayout } from '../../components/layout/auth-layout';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { FormAlert } from '../../components/ui/form-alert';
import { Spinner } from '../../components/ui/spinner';
import { StatusBanner } from '../../components/ui/status-banner';
import { asFailure } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { useCheckedForm } from '../../lib/use-checked-form';
import { useForgotPasswordInfoQuery, useForgotPasswordMutation } from './password-api';

const FIELDS = ['telephone'] as const;
const LINK = 'font-semibold text-indigo-700 underline-offset-4 hover:underline';

function BackToLogin() {
  return (
    <p className="text-sm">
      <Link to={ROUTES.login} className={LINK}>
        {accountMessages.forgotPasswordBackToLogin}
      </Link>
    </p>
  );
}

/** The telephone form; after it, always the same answer, whether or not the number exists. */
function ForgotPasswordForm() {
  const [forgotPassword] = useForgotPasswordMutation();
  const { formRef, values, field, errors, pending, setPending, showCheck, showServerFailure } =
    useCheckedForm(FIELDS, { idPrefix: 'forgot', alertId: 'forgot-alert' });
  const [sent, setSent] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const value = values.telephone.trim();
    const failed = isValidTelephone(value)
      ? null
      : { message: messages.telephoneInvalid, fields: ['telephone' as const] };
    if (!showCheck(failed)) return;
    setPending(true);
    const result = await forgotPassword({ telephone: value });
    setPending(false);
    if (result.error) {
      showServerFailure(
        asFailure(result.error, accountMessages.forgotPasswordFailed),
        accountMessages.forgotPasswordFailed,
      );
      return;
    }
    setSent(true);
  };

  if (sent)
    return (
      <div className="space-y-4">
        <h2 className="text-lg font-semibold text-slate-900">
          {accountMessages.forgotPasswordSent}
        </h2>
        <StatusBanner banner={{ tone: 'success', text: accountMessages.forgotPasswordAccepted }} />
        <p className="text-sm text-slate-700">{accountMessages.forgotPasswordNoEmailHint}</p>
        <BackToLogin />
      </div>
    );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
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
      <FormAlert id="forgot-alert" message={errors.message} />
      <Button type="submit" disabled={pending} className="w-full">
        {accountMessages.forgotPasswordSubmit}
      </Button>
      <BackToLogin />
    </form>
  );
}

/**
 * /forgot-password (DESIGN section 17, signed out): a reset link by mail
 * when the site sends mail (GET auth/forgot-password says so); otherwise the
 * way that always works, the school's operator.
 */
export function ForgotPasswordPage() {
  useDocumentTitle(accountMessages.forgotPasswordTitle);
  const info = useForgotPasswordInfoQuery();
  // A failed ask offers the form anyway: the server's answer is the same 202 either way.
  const byMail = info.isError ? true : info.data?.byMail;
  return (
    <AuthLayout
      title={accountMessages.forgotPasswordTitle}
      intro={byMail ? accountMessages.forgotPasswordIntro : undefined}
    >
      {byMail === undefined ? (
        <Spinner />
      ) : byMail ? (
        <ForgotPasswordForm />
      ) : (
        <div className="space-y-4">
          <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            {accountMessages.forgotPasswordNoMail}
          </p>
          <BackToLogin />
        </div>
      )}
    </AuthLayout>
  );
}
