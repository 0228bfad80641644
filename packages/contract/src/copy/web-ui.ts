/**
 * The web app's own small words that belong to no page's module: the units
 * of a file's size (the number is formatted in the active language by
 * lib/format.ts), the glyphs of the rich-text toolbar's buttons and the
 * names of the question-import formats. English: locales/en/web-ui.ts.
 */
import { defineMessages, icu } from '../i18n/catalog.ts';

export const webUiMessages = defineMessages('webUi', {
  sizeBytes: icu<[size: string]>('{size} Б', 'size'),
  sizeKilobytes: icu<[size: string]>('{size} КБ', 'size'),
  sizeMegabytes: icu<[size: string]>('{size} МБ', 'size'),
  sizeGigabytes: icu<[size: string]>('{size} ГБ', 'size'),

  // The toolbar's buttons show a glyph; their names are in the editor's messages.
  boldGlyph: 'B',
  italicGlyph: 'I',

  // The question bank's import formats
  importFormatGift: 'GIFT (Moodle)',
  importFormatAiken: 'Aiken',
} as const);
