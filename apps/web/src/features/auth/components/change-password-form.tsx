import { useState, type FormEvent } from 'react';
import { accountMessages, checkPasswordChange, type PasswordChangeFormInput } from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { StatusBanner, type Banner } from '../../../components/ui/status-banner';
import { asFailure, useSecretMutation } from '../../../lib/api';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { passwordApi } from '../password-api';

type PasswordField = keyof PasswordChangeFormInput;
const FIELDS: readonly PasswordField[] = ['currentPassword', 'newPassword', 'confirmNewPassword'];
const EMPTY: PasswordChangeFormInput = {
  currentPassword: '',
  newPassword: '',
  confirmNewPassword: '',
};
const IDS: Record<PasswordField, string> = {
  currentPassword: 'password-current',
  newPassword: 'password-new',
  confirmNewPassword: 'password-confirm',
};

/**
 * /settings: change the password (current, new, confirmation). The server
 * signs out the user's other sessions; this one stays.
 */
export function ChangePasswordForm() {
  const changePassword = useSecretMutation(passwordApi.endpoints.changePassword);
  const {
    formRef,
    values,
    setValues,
    field,
    errors,
    pending,
    setPending,
    showCheck,
    showServerFailure,
  } = useCheckedForm(FIELDS, { ids: IDS, alertId: 'password-alert' });
  const [banner, setBanner] = useState<Banner | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setBanner(null);
    if (!showCheck(checkPasswordChange(values))) return;
    setPending(true);
    const result = await changePassword({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    setPending(false);
    if (result.data) {
      setValues(EMPTY);
      setBanner({ tone: 'success', text: result.data.message });
      return;
    }
    setBanner({ tone: 'error', text: accountMessages.passwordChangeFailed });
    showServerFailure(
      asFailure(result.error, accountMessages.passwordChangeFailed),
      accountMessages.passwordChangeFailed,
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={pending}>
      <StatusBanner banner={banner} />
      <PasswordField
        {...field('currentPassword')}
        autoComplete="current-password"
        label={accountMessages.labelCurrentPassword}
        showLabel={accountMessages.showCurrentPassword}
        hideLabel={accountMessages.hideCurrentPassword}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PasswordField
          {...field('newPassword')}
          autoComplete="new-password"
          label={accountMessages.labelNewPassword}
          showLabel={accountMessages.showNewPassword}
          hideLabel={accountMessages.hideNewPassword}
        />
        <PasswordField
          {...field('confirmNewPassword')}
          autoComplete="new-password"
          label={accountMessages.labelConfirmNewPassword}
          showLabel={accountMessages.showConfirmNewPassword}
          hideLabel={accountMessages.hideConfirmNewPassword}
        />
      </div>
      <FormAlert id="password-alert" message={errors.message} />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {accountMessages.changePasswordAction}
        </Button>
      </div>
    </form>
  );
}
