import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// A Ukrainian browser, as the product's first readers have: jsdom says 'en-US', which would
// make the app start in English (lib/language.ts); tests of English choose it.
Object.defineProperty(navigator, 'languages', { value: ['uk-UA', 'uk'], configurable: true });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
