// Debian's Chromium, for every browser this project drives: the end-to-end
// suite, Lighthouse and the demo-cover renderer. Never a downloaded browser;
// the flags keep it off the (closed) network.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
