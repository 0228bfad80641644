/**
 * The lesson editor's API calls (author). Kept apart from content-thunks.ts
 * only for clarity; neither carries editor code.
 */
import type { AxiosProgressEvent } from 'axios';
import { LEARNING_API, messages, type LessonDocument } from '@urok/contract';
import type { Attachment, Lesson } from '@urok/contract/schemas';
import { toApiFailure } from '../../lib/api-error';
import { createServiceThunk } from '../../lib/app-thunk';

/** PUT lessons/{id}: any of title, body, videoUrl. */
export const saveLesson = createServiceThunk(
  'content/saveLesson',
  async (
    {
      lessonId,
      changes,
    }: {
      lessonId: string;
      changes: { title?: string; body?: LessonDocument; videoUrl?: string | null };
    },
    { extra, rejectWithValue },
  ) => {
    try {
      const { data } = await extra.http.put<{ lesson: Lesson }>(
        LEARNING_API.lesson(lessonId),
        changes,
      );
      return data.lesson;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, messages.editorFailed));
    }
  },
);

function progressOf(file: File, onProgress?: (percent: number) => void) {
  return (event: AxiosProgressEvent) => {
    const total = event.total ?? file.size;
    if (onProgress && total > 0)
      onProgress(Math.min(100, Math.round((event.loaded / total) * 100)));
  };
}

/** POST lessons/{id}/attachments (multipart `file`), reporting the percent sent. */
export const uploadAttachment = createServiceThunk(
  'content/uploadAttachment',
  async (
    {
      lessonId,
      file,
      onProgress,
    }: { lessonId: string; file: File; onProgress?: (p: number) => void },
    { extra, rejectWithValue },
  ) => {
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const { data } = await extra.http.post<{ attachment: Attachment }>(
        LEARNING_API.lessonAttachments(lessonId),
        form,
        { onUploadProgress: progressOf(file, onProgress) },
      );
      return data.attachment;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, messages.editorFailed));
    }
  },
);

/** DELETE attachments/{id}. */
export const removeAttachment = createServiceThunk(
  'content/removeAttachment',
  async (attachmentId: string, { extra, rejectWithValue }) => {
    try {
      await extra.http.delete(LEARNING_API.attachment(attachmentId));
      return attachmentId;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, messages.editorFailed));
    }
  },
);

/** PUT lessons/{id}/video (multipart `file`), reporting the percent sent. */
export const uploadVideo = createServiceThunk(
  'content/uploadVideo',
  async (
    {
      lessonId,
      file,
      onProgress,
    }: { lessonId: string; file: File; onProgress?: (p: number) => void },
    { extra, rejectWithValue },
  ) => {
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const { data } = await extra.http.put<{ lesson: Lesson }>(
        LEARNING_API.lessonVideo(lessonId),
        form,
        {
          onUploadProgress: progressOf(file, onProgress),
        },
      );
      return data.lesson;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, messages.editorFailed));
    }
  },
);

/** DELETE lessons/{id}/video. */
export const removeVideo = createServiceThunk(
  'content/removeVideo',
  async (lessonId: string, { extra, rejectWithValue }) => {
    try {
      await extra.http.delete(LEARNING_API.lessonVideo(lessonId));
      return lessonId;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, messages.editorFailed));
    }
  },
);
