/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'vercel' adds the Vercel analytics script to the built index.html. */
  readonly VITE_ANALYTICS?: string;
}
