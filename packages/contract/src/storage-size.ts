/**
 * The size of stored files in КБ, МБ or ГБ, as the operator's console shows
 * it (admin-messages.ts `bytes`). A module of its own so the English catalog,
 * which wraps its text with it too, does not carry the console's Ukrainian words.
 */
import type { IcuMessage } from './i18n/catalog.ts';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/**
 * One decimal (two in ГБ): the message takes `bytes`, its ICU text the size,
 * already written out, and its unit ('kb', 'mb' or 'gb').
 */
export function storageSize(message: IcuMessage<[size: string, unit: 'kb' | 'mb' | 'gb']>) {
  const format = (bytes: number) =>
    bytes < MB
      ? message((bytes / KB).toFixed(1), 'kb')
      : bytes < GB
        ? message((bytes / MB).toFixed(1), 'mb')
        : message((bytes / GB).toFixed(2), 'gb');
  return Object.assign(format, { message: message.message, params: message.params });
}
