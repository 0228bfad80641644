import { z } from 'zod';
import { messages } from './messages.ts';
import { EMAIL_MAX_LENGTH, isValidEmail, isValidTelephone } from './rules.ts';
import { refineWith, type FormError } from './form.ts';

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
  return null;
}

const field = (max: number, error: string) => z.string({ error }).max(max, { error });

export const teacherApplicationBodySchema = z
  .object({
    fullName: field(APPLICATION_LIMITS.fullName.max * 2, messages.fullNameRequired),
    telephone: field(32, messages.telephoneInvalid),
    email: field(EMAIL_MAX_LENGTH, messages.emailInvalid),
    subject: field(APPLICATION_LIMITS.subject.max * 2, messages.subjectRequired),
    experience: field(APPLICATION_LIMITS.experience.max, messages.experienceTooLong).default(''),
    motivation: field(APPLICATION_LIMITS.motivation.max * 2, messages.motivationRequired),
  })
  .superRefine(refineWith(checkTeacherApplication));

export const applicationStatusSchema = z.enum(['pending', 'approved', 'rejected']);

export const teacherApplicationSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  telephone: z.string(),
  email: z.string(),
  subject: z.string(),
  experience: z.string(),
  motivation: z.string(),
  status: applicationStatusSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const teacherApplicationResponseSchema = z.object({
  application: teacherApplicationSchema,
  message: z.string(),
});

export type TeacherApplication = z.infer<typeof teacherApplicationSchema>;
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;
