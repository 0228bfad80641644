import type { Translation } from '../../i18n/catalog.ts';
import { icu } from '../../i18n/catalog.ts';
import type { uploadMessages } from '../../upload-messages.ts';

export const upload: Translation<typeof uploadMessages> = {
  uploadPurposeInvalid: 'Unknown upload purpose: homework, attachment or video.',
  uploadFileNameRequired: 'Specify the file name (filename).',
  uploadFieldRequired: icu<[field: string]>('Specify {field}.', 'field'),
  uploadLengthRequired: 'Specify the file size (Upload-Length).',
  uploadTooManyOpen: icu<[limit: number]>(
    'You can have at most {limit, plural, one {# unfinished upload} other {# unfinished uploads}}: finish or cancel one of them.',
    'limit',
  ),
  uploadNotFound: 'Upload not found.',
  uploadUnfinished: 'The file has not been uploaded completely yet.',
  uploadWaitingForNetwork: 'Connection lost — we will carry on as soon as the network is back',
};
