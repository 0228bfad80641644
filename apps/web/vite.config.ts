import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
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

/**
 * Writes a .gz and a .br beside every text asset of the build, which the
 * server sends to a browser that accepts them (@fastify/static preCompressed):
 * compressed once at build time, at the best level, instead of per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'urok-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const file = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|txt|json)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
          }),
        );
      }
    },
  };
}

/**
 * react-router's package exports point at its development build in every
 * mode (remix-run/react-router#14102). Its production build beside it
 * differs only in leaving out the development warnings (ENABLE_DEV_WARNINGS),
 * which would otherwise ship in the vendor chunk every page loads.
 */
const reactRouterProductionBuild = fileURLToPath(
  new URL('../production/index.mjs', import.meta.resolve('react-router')),
);

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  return {
    plugins: [react(), tailwindcss(), urokHtml(env.VITE_ANALYTICS === 'vercel'), precompress()],
    resolve: {
      alias:
        command === 'build'
          ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild }]
          : [],
    },
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
                // axios is not listed: it loads on demand (src/lib/http.ts). use-sync-external-store's
                // shim is the lesson editor's (TipTap), not react-redux's: it stays in the editor chunk.
                name: 'vendor',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|react-redux|use-sync-external-store(?![\\/](?:shim[\\/]|cjs[\\/]use-sync-external-store-shim)))[\\/]/,
              },
              {
                // Every other module index.html's entry imports statically, in
                // the entry chunk. Left to itself, rolldown gives each module
                // that lazy pages share with the entry (messages, paths, icons)
                // a chunk of its own: more requests for /login, and each file
                // gzipped apart is larger than the whole gzipped as one.
                name: 'index',
                tags: ['$initial'],
              },
            ],
          },
        },
      },
    },
  };
});
