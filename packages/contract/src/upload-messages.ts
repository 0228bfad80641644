/**
 * The API's answers about resumable uploads (tus, DESIGN section 15), and
 * what the web app says while one waits for the network.
 * Included in `messages` (messages.ts). English: locales/en/upload.ts.
 */
import { defineMessages, icu } from './i18n/catalog.ts';

export const uploadMessages = defineMessages('upload', {
  uploadPurposeInvalid: 'Невідоме призначення завантаження: homework, attachment або video.',
  uploadFileNameRequired: 'Вкажіть назву файлу (filename).',
  uploadFieldRequired: icu<[field: string]>('Вкажіть {field}.', 'field'),
  uploadLengthRequired: 'Вкажіть розмір файлу (Upload-Length).',
  uploadTooManyOpen: icu<[limit: number]>(
    'Незавершених завантажень може бути щонайбільше {limit}: завершіть або скасуйте одне з них.',
    'limit',
  ),
  uploadNotFound: 'Завантаження не знайдено.',
  uploadUnfinished: 'Файл ще не завантажено повністю.',
  /** Shown under an upload's progress bar while it waits to send its next bytes. */
  uploadWaitingForNetwork: "З'єднання перервано — продовжимо, щойно мережа повернеться",
} as const);
