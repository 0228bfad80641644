import { z } from 'zod';
import { attachmentSchema, lessonSchema } from './content.ts';
import { homeworkSchema } from './courses.ts';

/** GET uploads/{id}/result: what a finished resumable upload became, by its purpose. */
export const uploadResultResponseSchema = z.union([
  z.object({ homework: homeworkSchema }),
  z.object({ attachment: attachmentSchema }),
  z.object({ lesson: lessonSchema }),
]);
export type UploadResult = z.infer<typeof uploadResultResponseSchema>;
