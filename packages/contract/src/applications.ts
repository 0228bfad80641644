import { messages } from './messages.ts';
import { isValidEmail, isValidTelephone } from './rules.ts';
import type { FormError } from './form.ts';
import { checkPlainText } from './text-checks.ts';

export interface TeacherApplicationInput {
  fullName: string;
  telephone: string;
  email: string;
  subject: string;
  experience: string;
  motivation: string;
}

export const APPLICATION_LIMITS = {
  fullName: { min: 3, max: 100 },
  subject: { min: 2, max: 100 },
  experience: { max: 2000 },
  motivation: { min: 10, max: 2000 },
} as const;

/** Teacher application checks, field by field in form order. */
export function checkTeacherApplication(
  input: TeacherApplicationInput,
): FormError<keyof TeacherApplicationInput> | null {
  const L = APPLICATION_LIMITS;
  const fullName = input.fullName.trim();
  if (fullName.length < L.fullName.min || fullName.length > L.fullName.max) {
    return { message: messages.fullNameRequired, fields: ['fullName'] };
  }
  if (!isValidTelephone(input.telephone.trim())) {
    return { message: messages.telephoneInvalid, fields: ['telephone'] };
  }
  if (!isValidEmail(input.email.trim())) {
    return { message: messages.emailInvalid, fields: ['email'] };
  }
  const subject = input.subject.trim();
  if (subject.length < L.subject.min || subject.length > L.subject.max) {
    return { message: messages.subjectRequired, fields: ['subject'] };
  }
  if (input.experience.length > L.experience.max) {
    return { message: messages.experienceTooLong, fields: ['experience'] };
  }
  const motivation = input.motivation.trim();
  if (motivation.length < L.motivation.min || motivation.length > L.motivation.max) {
    return { message: messages.motivationRequired, fields: ['motivation'] };
  }
  return checkPlainText(input, {
    fullName: 'line',
    email: 'line',
    subject: 'line',
    experience: 'text',
    motivation: 'text',
  });
}

export type { TeacherApplication, ApplicationStatus } from './schemas/applications.ts';
