import { useEffect, useState, type FormEvent } from 'react';
import {
  accountMessages,
  BANNER_DURATION_MS,
  BIO_MAX_LENGTH,
  changesTelephone,
  checkProfile,
  checkTelephoneChange,
  messages,
  type ProfileInput,
  type User,
} from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextAreaField, TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { StatusBanner, type Banner } from '../../../components/ui/status-banner';
import { fromServer } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { updateUser } from '../auth-slice';
import { useAuthDispatch } from '../hooks';

type ProfileField = keyof ProfileInput;
const FIELDS: readonly ProfileField[] = [
  'username',
  'telephone',
  'currentPassword',
  'email',
  'bio',
];

/** The empty-email check that marks the field but does not block the save (spec section 5). */
function isNonBlocking(error: { message: string; fields: string[] }): boolean {
  return error.message === messages.fillField && error.fields.every((field) => field === 'email');
}

/**
 * Personal information form (/home, /settings), pre-filled from the user.
 * The save shows a success or error banner that clears after 5 seconds.
 * A new telephone (the sign-in name) shows a current-password field, which
 * is sent with the save (docs/decisions.md, changing the telephone).
 */
export function ProfileForm({ user }: { user: User }) {
  const dispatch = useAuthDispatch();
  const { formRef, values, setValues, field, errors, pending, setPending, showCheck, showErrors } =
    useCheckedForm(FIELDS, {
      initial: {
        username: user.username,
        telephone: user.telephone,
        email: user.email,
        bio: user.bio,
      },
      idPrefix: 'profile',
      ids: { currentPassword: 'profile-current-password' },
      alertId: 'profile-alert',
    });
  const telephoneChanges = changesTelephone(user.telephone, values.telephone);
  const [banner, setBanner] = useState<Banner | null>(null);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), BANNER_DURATION_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  // An empty email is flagged as soon as it is empty, not only after a save.
  const emailError =
    errors.fields.email ?? (values.email.trim() === '' ? messages.fillField : undefined);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const failed = checkProfile(values);
    const blocking =
      failed && !isNonBlocking(failed) ? failed : checkTelephoneChange(user.telephone, values);
    if (!showCheck(blocking)) return;
    setPending(true);
    const result = await dispatch(
      updateUser({
        username: values.username.trim(),
        telephone: values.telephone.trim(),
        email: values.email.trim(),
        bio: values.bio,
        ...(telephoneChanges ? { currentPassword: values.currentPassword } : {}),
      }),
    );
    setPending(false);
    if (updateUser.fulfilled.match(result)) {
      setValues({ currentPassword: '' });
      setBanner({ tone: 'success', text: messages.profileUpdated });
    } else {
      if (result.payload) {
        const next = fromServer(result.payload, FIELDS);
        // The banner already says the save failed; keep only the field messages (focus stays).
        showErrors({ message: null, fields: next.fields }, false);
      }
      setBanner({ tone: 'error', text: messages.profileUpdateFailed });
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={pending}>
      <StatusBanner banner={banner} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field('username')} autoComplete="username" label={messages.labelUsername} />
        <TextField
          {...field('telephone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          label={messages.labelTelephone}
        />
      </div>
      {telephoneChanges && (
        <PasswordField
          {...field('currentPassword')}
          autoComplete="current-password"
          label={accountMessages.labelProfileCurrentPassword}
          hint={accountMessages.telephoneChangeHint}
          showLabel={accountMessages.showProfileCurrentPassword}
          hideLabel={accountMessages.hideProfileCurrentPassword}
        />
      )}
      <TextField
        {...field('email')}
        type="email"
        autoComplete="email"
        label={messages.labelEmail}
        error={emailError}
      />
      <TextAreaField
        {...field('bio')}
        rows={5}
        maxLength={BIO_MAX_LENGTH}
        label={messages.labelBio}
      />
      <FormAlert id="profile-alert" message={errors.message} />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {messages.saveProfile}
        </Button>
      </div>
    </form>
  );
}
