import { createAsyncThunk } from '@reduxjs/toolkit';
import { courseMessages } from '@urok/contract';
import { toApiFailure, type ApiFailure } from '../../lib/api-error';
import { fileNameFromDisposition, saveBlob } from '../../lib/save-file';
import type { AppServices } from '../../lib/services';

/** An error answer of a blob request is a Blob too: read it back into the API's JSON error. */
async function withJsonBody(error: unknown): Promise<unknown> {
  const response = (error as { response?: { data?: unknown } } | null)?.response;
  if (!response || !(response.data instanceof Blob)) return error;
  try {
    response.data = JSON.parse(await response.data.text()) as unknown;
  } catch {
    // Not JSON: the fallback message will do.
  }
  return error;
}

export interface DownloadFileInput {
  /** An API path (API.homeworkFile(id), API.homeworkZip(id), API.gradesCsv(id)). */
  path: string;
  /** The name to save under when the server names none. */
  fallbackName: string;
}

/**
 * Fetches an authorised download as a blob (the bearer header goes with the
 * API client) and saves it under the name the server gives. Keeps no state.
 */
export const downloadFile = createAsyncThunk.withTypes<{
  extra: AppServices;
  rejectValue: ApiFailure;
}>()(
  'courses/downloadFile',
  async ({ path, fallbackName }: DownloadFileInput, { extra, rejectWithValue }) => {
    try {
      const response = await extra.http.get<Blob>(path, { responseType: 'blob' });
      const disposition = response.headers['content-disposition'] as string | undefined;
      saveBlob(response.data, fileNameFromDisposition(disposition) ?? fallbackName);
    } catch (error) {
      const failure = toApiFailure(await withJsonBody(error), courseMessages.downloadFailed);
      console.error('Downloading a file failed:', failure.status ?? '', failure.message);
      return rejectWithValue(failure);
    }
  },
);
