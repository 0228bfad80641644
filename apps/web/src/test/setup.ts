import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// The tests run in a Ukrainian browser (jsdom's is an English one): the app
// speaks Ukrainian, the specification's words, with its numbers and dates.
Object.defineProperty(window.navigator, 'languages', {
  value: ['uk-UA', 'uk'],
  configurable: true,
});
Object.defineProperty(window.navigator, 'language', { value: 'uk-UA', configurable: true });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
