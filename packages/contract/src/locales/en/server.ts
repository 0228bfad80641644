import type { Translation } from '../../i18n/catalog.ts';
import { icu } from '../../i18n/catalog.ts';
import type { serverMessages } from '../../server-messages.ts';

export const server: Translation<typeof serverMessages> = {
  unsubscribePageTitle: icu<[title: string]>('{title} — Urok', 'title'),
  videoTooLarge: icu<[megabytes: number]>(
    'The video is too large: {megabytes} MB at most.',
    'megabytes',
  ),
  // The admin CLI prints these two as it always has.
  applicationNotFound: icu<[id: string]>('No teacher application with id {id}.', 'id'),
  applicationAlreadyDecided: icu<[id: string, status: string]>(
    'Application {id} is already {status, select, approved {approved} rejected {rejected} other {decided}}.',
    'id',
    'status',
  ),
};
