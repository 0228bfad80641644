/**
 * The resumable uploads (tus 1.0, DESIGN section 15), under API_BASE: apart
 * from `API`, which /login's JavaScript carries whole.
 */
export const UPLOAD_API = {
  /** POST creates a resumable upload; HEAD, PATCH and DELETE go to its Location. */
  uploads: 'uploads',
  uploadResult: (uploadId: string) => `uploads/${encodeURIComponent(uploadId)}/result`,
} as const;
