import { z } from 'zod';
import { refineWith } from './refine.ts';
import { messages } from '../messages.ts';
import { EMAIL_MAX_LENGTH } from '../rules.ts';
import { APPLICATION_LIMITS, checkTeacherApplication } from '../applications.ts';

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
