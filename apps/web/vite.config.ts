import { defineConfig, loadEnv, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
// Relative import: the config is bundled, so the contract's TS source is read directly.
import { messages } from '../../packages/contract/src/messages.ts';

const ZOD_STUB_ID = '\0urok-contract-zod-stub';

/**
 * The contract module builds the server's zod schemas at module level next
 * to the check functions, messages and rules the web app uses. Rolldown
 * cannot drop zod once those (unused) schema statements reference it, which
 * would put about 30 KB gzipped of zod on every page, /login included. So,
 * in the web app only, the contract's `zod` import resolves to an inert
 * stand-in: schemas become chainable no-ops and any attempt to parse with
 * one throws. Web code validates with the contract's check functions; the
 * types still come from the real zod. Remove this plugin if the contract
 * moves its schemas to modules of their own.
 */
function contractWithoutZod(): Plugin {
  return {
    name: 'urok-contract-without-zod',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer) return null;
      return /[\\/]packages[\\/]contract[\\/]src[\\/]/.test(importer) ? ZOD_STUB_ID : null;
    },
    load(id) {
      if (id !== ZOD_STUB_ID) return null;
      return `
const PARSE = /^(safe)?(parse|decode|encode)(Async)?$/i;
const handler = {
  get(_target, prop) {
    if (prop === 'then' || typeof prop === 'symbol') return undefined;
    if (PARSE.test(prop)) {
      throw new Error('The web app does not bundle zod: validate with the check functions of the contract.');
    }
    return stub;
  },
  apply() {
    return stub;
  },
};
const stub = new Proxy(function zodStub() {}, handler);
export const z = stub;
export default stub;
`;
    },
  };
}

export const ANALYTICS_SCRIPT_SRC = '/_vercel/insights/script.js';

/**
 * Fills index.html from the contract (title, description) and adds the
 * analytics script only for a build made with VITE_ANALYTICS=vercel. Every
 * tag is external or plain markup: the server's CSP allows no inline script
 * or style.
 */
function urokHtml(analytics: boolean): Plugin {
  return {
    name: 'urok-html',
    transformIndexHtml: {
      order: 'post',
      handler() {
        const tags: HtmlTagDescriptor[] = [
          { tag: 'title', children: messages.productName, injectTo: 'head' },
          {
            tag: 'meta',
            attrs: { name: 'description', content: messages.productDescription },
            injectTo: 'head',
          },
        ];
        if (analytics) {
          tags.push({
            tag: 'script',
            attrs: { type: 'module', src: ANALYTICS_SCRIPT_SRC },
            injectTo: 'body',
          });
        }
        return tags;
      },
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  return {
    plugins: [
      contractWithoutZod(),
      react(),
      tailwindcss(),
      urokHtml(env.VITE_ANALYTICS === 'vercel'),
    ],
    server: {
      proxy: { '/api': 'http://localhost:3000' },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      assetsDir: 'assets',
      rolldownOptions: {
        // With zod stubbed, the contract's unused schema statements are inert
        // calls: marking them pure lets the bundler drop them too.
        treeshake: { manualPureFunctions: ['z', 'refineWith'] },
        output: {
          codeSplitting: {
            groups: [
              {
                // The framework every page needs, in one long-cached chunk.
                // axios is not listed: it loads on demand (src/lib/http.ts).
                name: 'vendor',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|react-redux|use-sync-external-store)[\\/]/,
              },
            ],
          },
        },
      },
    },
  };
});
