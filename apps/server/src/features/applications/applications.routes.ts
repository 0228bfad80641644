import { API } from '@urok/contract';
import {
  teacherApplicationBodySchema,
  teacherApplicationResponseSchema,
} from '@urok/contract/schemas';
import type { AppInstance } from '../../app.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { applicationSubmittedMessage, submitApplication } from './applications.service.ts';
import { inLanguage } from '../../lib/language.ts';

export async function applicationsRoutes(app: AppInstance): Promise<void> {
  app.post(
    `/${API.teacherApplications}`,
    {
      preHandler: app.rateLimited(RATE_LIMITS.teacherApplicationPerIp),
      schema: {
        tags: ['applications'],
        summary:
          'Apply to become a teacher; the operator approves (or TEACHER_AUTO_APPROVE does at once)',
        body: teacherApplicationBodySchema,
        response: {
          201: teacherApplicationResponseSchema.describe(
            'Application stored (pending, or approved with TEACHER_AUTO_APPROVE)',
          ),
          ...errorResponses(400, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const application = await submitApplication(app.db, request.body, {
        autoApprove: app.config.teacherAutoApprove,
      });
      return reply.code(201).send({
        application,
        message: inLanguage(request.language, applicationSubmittedMessage(application)),
      });
    },
  );
}
