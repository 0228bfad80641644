import type { Translation } from '../../i18n/catalog.ts';
import type { appUpdateMessages } from '../../app-update-messages.ts';

export const appUpdate: Translation<typeof appUpdateMessages> = {
  updateAvailable: 'A new version is available',
  updateReload: 'Update',
};
