import { z } from 'zod';

/**
 * GET contacts ('My Contacts', docs/decisions.md): for a student, the
 * authors of the courses they are enrolled in; for a teacher, the users
 * enrolled in the teacher's courses. Each contact lists the courses that
 * connect the two.
 */
export const contactSchema = z.object({
  _id: z.string(),
  username: z.string(),
  telephone: z.string(),
  email: z.string(),
  courses: z.array(z.object({ _id: z.string(), title: z.string() })),
});

export const contactsResponseSchema = z.object({ contacts: z.array(contactSchema) });

export type Contact = z.infer<typeof contactSchema>;
export type ContactsResponse = z.infer<typeof contactsResponseSchema>;
