import { useState, type FormEvent } from 'react';
import { accountMessages, checkPasswordChange, type PasswordChangeFormInput } from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { StatusBanner, type Banner } from '../../../components/ui/status-banner';
import { useServiceDispatch } from '../../../lib/app-thunk';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { changePassword } from '../password-thunks';

type PasswordField = keyof PasswordChangeFormInput;
const FIELDS: readonly PasswordField[] = ['currentPassword', 'newPassword', 'confirmNewPassword'];
const EMPTY: PasswordChangeFormInput = {
  currentPassword: '',
  newPassword: '',
  confirmNewPassword: '',
};

/**
 * /settings: change the password (current, new, confirmation). The server
 * signs out the user's other sessions; this one stays.
 */
export function ChangePasswordForm() {
  const dispatch = useServiceDispatch();
  const { formRef, errors, pending, setPending, showCheck, showServerFailure } =
    useCheckedForm(FIELDS);
  const [values, setValues] = useState<PasswordChangeFormInput>(EMPTY);
  const [banner, setBanner] = useState<Banner | null>(null);
  const set = (patch: Partial<PasswordChangeFormInput>) =>
    setValues((current) => ({ ...current, ...patch }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setBanner(null);
    if (!showCheck(checkPasswordChange(values))) return;
    setPending(true);
    const result = await dispatch(
      changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
    );
    setPending(false);
    if (changePassword.fulfilled.match(result)) {
      setValues(EMPTY);
      setBanner({ tone: 'success', text: result.payload.message });
      return;
    }
    setBanner({ tone: 'error', text: accountMessages.passwordChangeFailed });
    showServerFailure(result.payload, accountMessages.passwordChangeFailed);
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={pending}>
      <StatusBanner banner={banner} />
      <PasswordField
        id="password-current"
        name="currentPassword"
        autoComplete="current-password"
        label={accountMessages.labelCurrentPassword}
        showLabel={accountMessages.showCurrentPassword}
        hideLabel={accountMessages.hideCurrentPassword}
        value={values.currentPassword}
        onChange={(event) => set({ currentPassword: event.target.value })}
        error={errors.fields.currentPassword}
        describedBy="password-alert"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PasswordField
          id="password-new"
          name="newPassword"
          autoComplete="new-password"
          label={accountMessages.labelNewPassword}
          showLabel={accountMessages.showNewPassword}
          hideLabel={accountMessages.hideNewPassword}
          value={values.newPassword}
          onChange={(event) => set({ newPassword: event.target.value })}
          error={errors.fields.newPassword}
          describedBy="password-alert"
        />
        <PasswordField
          id="password-confirm"
          name="confirmNewPassword"
          autoComplete="new-password"
          label={accountMessages.labelConfirmNewPassword}
          showLabel={accountMessages.showConfirmNewPassword}
          hideLabel={accountMessages.hideConfirmNewPassword}
          value={values.confirmNewPassword}
          onChange={(event) => set({ confirmNewPassword: event.target.value })}
          error={errors.fields.confirmNewPassword}
          describedBy="password-alert"
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
