import { icu, type Translation } from '../../i18n/catalog.ts';
import type { offlineMessages } from '../../offline-messages.ts';

export const offline: Translation<typeof offlineMessages> = {
  offlineBanner: 'No network. Courses saved for offline open; every other page needs the network.',
  needsNetwork: 'This page needs the network: it has not been saved for offline.',
  saveForOffline: 'Save for offline',
  offlineHeading: 'Offline',
  measuring: 'Working out the size of the course…',
  measureFailed: 'The course could not be prepared for saving. Please try again.',
  planSize: icu<[size: string]>('Lessons, images and files: {size}', 'size'),
  includeVideo: icu<[size: string]>('Videos too ({size})', 'size'),
  noVideo: 'The course has no uploaded videos.',
  save: 'Save',
  cancel: 'Cancel',
  saving: 'Saving the course to this device…',
  savingProgress: icu<[percent: number]>('{percent}% saved', 'percent'),
  saved: 'Saved for offline',
  savedDetails: icu<[size: string, date: string]>('{size}, saved {date}', 'size', 'date'),
  savedWithVideo: 'with videos',
  update: 'Update the copy',
  remove: 'Remove from this device',
  removeCourse: icu<[title: string]>('Remove “{title}” from this device', 'title'),
  saveFailed: 'The course could not be saved. Please try again when the network is stable.',
  notEnoughSpace: icu<[size: string]>(
    'Not enough space on this device: the course needs {size}. Free up some space or save it without videos.',
    'size',
  ),
  needsNetworkToSave: 'A course can be saved while there is a network.',
  savedCoursesHeading: 'Courses saved for offline',
  savedCoursesIntro:
    'These courses open without a network on this device. Signing out removes them.',
  savedCoursesEmpty: 'No saved courses. Open one of your courses and press “Save for offline”.',
  savedCoursesTotal: icu<[size: string]>('Total: {size}', 'size'),
  savedLessons: icu<[count: number]>('{count, plural, one {# lesson} other {# lessons}}', 'count'),
};
