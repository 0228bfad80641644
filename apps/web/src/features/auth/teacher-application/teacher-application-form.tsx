import { useState, type FormEvent } from 'react';
import {
  APPLICATION_LIMITS,
  checkTeacherApplication,
  messages,
  siteMessages,
  type TeacherApplicationInput,
} from '@urok/contract';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { preloadApiClient } from '../../../lib/http';
import { useCheckedForm } from '../../../lib/use-checked-form';
// The application thunk belongs to the auth slice (its status is the auth status, spec section 4).
import { submitTeacherApplication, type TeacherApplicationResult } from '../auth-slice';
import { useAuthDispatch } from '../hooks';

type ApplicationField = keyof TeacherApplicationInput;
const FIELDS: readonly ApplicationField[] = [
  'fullName',
  'telephone',
  'email',
  'subject',
  'experience',
  'motivation',
];

/** What a signed-in student's application is pre-filled with (docs/decisions.md). */
export interface TeacherApplicationPrefill {
  fullName: string;
  telephone: string;
  email: string;
}

interface TeacherApplicationFormProps {
  prefill?: TeacherApplicationPrefill;
  onSubmitted: (result: TeacherApplicationResult) => void;
}

/**
 * The teacher application: checkTeacherApplication before sending, errors
 * beside their fields; a failure shows the server's message, or
 * 'Не вдалося надіслати заявку.' when there is none.
 */
export function TeacherApplicationForm({ prefill, onSubmitted }: TeacherApplicationFormProps) {
  const dispatch = useAuthDispatch();
  const { formRef, errors, pending, setPending, showCheck, showServerFailure } =
    useCheckedForm(FIELDS);
  const [values, setValues] = useState<TeacherApplicationInput>(() => ({
    fullName: prefill?.fullName ?? '',
    telephone: prefill?.telephone ?? '',
    email: prefill?.email ?? '',
    subject: '',
    experience: '',
    motivation: '',
  }));
  const set = (patch: Partial<TeacherApplicationInput>) =>
    setValues((current) => ({ ...current, ...patch }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const input: TeacherApplicationInput = {
      fullName: values.fullName.trim(),
      telephone: values.telephone.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      experience: values.experience.trim(),
      motivation: values.motivation.trim(),
    };
    if (!showCheck(checkTeacherApplication(input))) return;
    setPending(true);
    const result = await dispatch(submitTeacherApplication(input));
    setPending(false);
    if (submitTeacherApplication.fulfilled.match(result)) {
      onSubmitted(result.payload);
      return;
    }
    showServerFailure(result.payload, messages.applicationFailed);
  };

  const common = (field: ApplicationField) => ({
    id: `application-${field}`,
    name: field,
    value: values[field],
    error: errors.fields[field],
    describedBy: 'application-alert',
  });

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
        {...common('fullName')}
        autoComplete="name"
        label={siteMessages.labelFullName}
        maxLength={APPLICATION_LIMITS.fullName.max}
        onChange={(event) => set({ fullName: event.target.value })}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...common('telephone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          label={messages.labelTelephone}
          hint={messages.telephoneHint}
          onChange={(event) => set({ telephone: event.target.value })}
        />
        <TextField
          {...common('email')}
          type="email"
          autoComplete="email"
          label={messages.labelEmail}
          onChange={(event) => set({ email: event.target.value })}
        />
      </div>
      <TextField
        {...common('subject')}
        label={siteMessages.labelSubject}
        hint={siteMessages.subjectHint}
        maxLength={APPLICATION_LIMITS.subject.max}
        onChange={(event) => set({ subject: event.target.value })}
      />
      <TextAreaField
        {...common('experience')}
        rows={4}
        label={siteMessages.labelExperience}
        hint={siteMessages.experienceHint}
        maxLength={APPLICATION_LIMITS.experience.max}
        onChange={(event) => set({ experience: event.target.value })}
      />
      <TextAreaField
        {...common('motivation')}
        rows={5}
        label={siteMessages.labelMotivation}
        maxLength={APPLICATION_LIMITS.motivation.max}
        onChange={(event) => set({ motivation: event.target.value })}
      />
      <FormAlert id="application-alert" message={errors.message} />
      <Button type="submit" className="w-full sm:w-auto" disabled={pending}>
        {siteMessages.submitApplication}
      </Button>
    </form>
  );
}
