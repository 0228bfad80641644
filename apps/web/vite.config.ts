import { defineConfig, loadEnv, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
// Relative import: the config is bundled, so the contract's TS source is read directly.
import { messages } from '../../packages/contract/src/messages.ts';

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
    plugins: [react(), tailwindcss(), urokHtml(env.VITE_ANALYTICS === 'vercel')],
    server: {
      proxy: { '/api': 'http://localhost:3000' },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      assetsDir: 'assets',
      rolldownOptions: {
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
