/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

interface ImportMetaEnv {
  /** 'vercel' adds the Vercel analytics script to the built index.html. */
  readonly VITE_ANALYTICS?: string;
}
