import { API } from '@urok/contract';
import { contactsResponseSchema } from '@urok/contract/schemas';
import type { AppInstance } from '../../app.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { listContacts } from './contacts.service.ts';

export async function contactsRoutes(app: AppInstance): Promise<void> {
  app.get(
    `/${API.contacts}`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['contacts'],
        summary:
          "The signed-in user's contacts: a student's teachers, a teacher's students, with the courses that connect them",
        security: bearerSecurity,
        response: {
          200: contactsResponseSchema.describe('Contacts, by name'),
          ...errorResponses(401),
        },
      },
    },
    async (request) => ({ contacts: await listContacts(app.db, getCurrentUser(request)) }),
  );
}
