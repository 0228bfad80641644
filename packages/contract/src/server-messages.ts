/**
 * The server's own words (DESIGN section 16): texts that only the API puts
 * in an answer and that no other message module holds — the unsubscribe
 * page's title, the size in a too-large video's answer, the operator
 * console's refusals of a teacher application. Every other answer reads the
 * contract's modules. A lint rule (eslint.config.js) refuses Cyrillic text
 * in apps/server/src outside demo data and migrations, so a new sentence
 * lands here or in a module of its feature. English: locales/en/server.ts.
 */
import { defineMessages, icu } from './i18n/catalog.ts';

export const serverMessages = defineMessages('server', {
  /** The unsubscribe page's <title>: its heading and the product's name. */
  unsubscribePageTitle: icu<[title: string]>('{title} — Урок', 'title'),
  /** A video over the limit (megabytes, as configured). */
  videoTooLarge: icu<[megabytes: number]>('Відео завелике. {megabytes} МБ.', 'megabytes'),
  /** The console (and the admin CLI, which speaks English) for an application id nobody holds. */
  applicationNotFound: icu<[id: string]>('Заявки викладача з ідентифікатором {id} немає.', 'id'),
  /** Approving or rejecting an application decided before (`status`: approved, rejected, decided). */
  applicationAlreadyDecided: icu<[id: string, status: string]>(
    'Заявку {id} вже {status, select, approved {схвалено} rejected {відхилено} other {розглянуто}}.',
    'id',
    'status',
  ),
} as const);
