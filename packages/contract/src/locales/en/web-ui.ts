import { icu, type Translation } from '../../i18n/catalog.ts';
import type { webUiMessages } from '../../copy/web-ui.ts';

export const webUi: Translation<typeof webUiMessages> = {
  sizeBytes: icu<[size: string]>('{size} B', 'size'),
  sizeKilobytes: icu<[size: string]>('{size} KB', 'size'),
  sizeMegabytes: icu<[size: string]>('{size} MB', 'size'),
  sizeGigabytes: icu<[size: string]>('{size} GB', 'size'),

  boldGlyph: 'B',
  italicGlyph: 'I',

  importFormatGift: 'GIFT (Moodle)',
  importFormatAiken: 'Aiken',
};
