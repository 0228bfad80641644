import { z } from 'zod';

/** The one error body of the API. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
