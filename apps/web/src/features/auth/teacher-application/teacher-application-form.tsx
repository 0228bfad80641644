import type { FormEvent } from 'react';
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
  const { formRef, values, field, errors, pending, setPending, showCheck, showServerFailure } =
    useCheckedForm(FIELDS, {
      initial: prefill,
      idPrefix: 'application',
      alertId: 'application-alert',
    });

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
        {...field('fullName')}
        autoComplete="name"
        label={siteMessages.labelFullName}
        maxLength={APPLICATION_LIMITS.fullName.max}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field('telephone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          label={messages.labelTelephone}
          hint={messages.telephoneHint}
        />
        <TextField
          {...field('email')}
          type="email"
          autoComplete="email"
          label={messages.labelEmail}
        />
      </div>
      <TextField
        {...field('subject')}
        label={siteMessages.labelSubject}
        hint={siteMessages.subjectHint}
        maxLength={APPLICATION_LIMITS.subject.max}
      />
      <TextAreaField
        {...field('experience')}
        rows={4}
        label={siteMessages.labelExperience}
        hint={siteMessages.experienceHint}
        maxLength={APPLICATION_LIMITS.experience.max}
      />
      <TextAreaField
        {...field('motivation')}
        rows={5}
        label={siteMessages.labelMotivation}
        maxLength={APPLICATION_LIMITS.motivation.max}
      />
      <FormAlert id="application-alert" message={errors.message} />
      <Button type="submit" className="w-full sm:w-auto" disabled={pending}>
        {siteMessages.submitApplication}
      </Button>
    </form>
  );
}
