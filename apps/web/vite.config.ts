import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { defineConfig, loadEnv, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
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
 * The catalog's ICU messages (`icu('…', …)` in packages/contract, DESIGN section
 * 16) compiled at build time with Lingui's compiler, so the app ships Lingui's
 * small runtime and no ICU parser. A message must be one string literal; any
 * other first argument stops the build, since the built app could not format it.
 */
export function precompileIcu(): Plugin {
  const call = /\bicu(<[^()]*>)?\(\s*/g;
  const literal = /^('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")/;
  return {
    name: 'urok-precompile-icu',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id)) return null;
      if (/[\\/]i18n[\\/]catalog\.ts$/.test(id) || !call.test(code)) return null;
      call.lastIndex = 0;
      let out = '';
      let from = 0;
      for (let match = call.exec(code); match; match = call.exec(code)) {
        const start = match.index + match[0].length;
        const text = literal.exec(code.slice(start))?.[1];
        if (!text) throw new Error(`${id}: icu() takes one string literal (at ${start})`);
        const compiled = compileMessage(vm.runInNewContext(text) as string);
        out += code.slice(from, start) + JSON.stringify(compiled);
        from = start + text.length;
      }
      return { code: out + code.slice(from), map: null };
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

/**
 * The data layer (RTK Query, src/lib/api.ts) loads with the pages that read
 * the server, never with /login. /login's store is plain Redux with
 * redux-thunk (src/app/store.ts, features/auth/auth-slice.ts): Redux Toolkit,
 * Immer and Reselect are RTK Query's alone and must stay out of the vendor
 * chunk (6.6 kB gzipped of /login before they left it, docs/decisions.md).
 * RTK Query imports more of Redux and react-redux than /login uses, and
 * since each of those packages is one module, whatever any chunk takes from
 * it would ship in the common vendor chunk. So RTK Query's own imports of
 * them resolve to their other (production) builds, which go with it into
 * the `data-layer` chunk (23 kB gzipped in all), loaded once, by the first
 * page that uses it; Redux Toolkit, Immer and Reselect have no other build
 * in the app, so they all land in that chunk. react-redux's hooks are still
 * the app's own (lib/api.ts hands them to RTK Query). redux-thunk needs no
 * copy: RTK Query does not import it. Measured (2026-11-26, /login at
 * 93,391 bytes): leaving out the react-redux or the redux copy would add
 * 111 or 43 bytes to /login, to save 477 or 373 in this chunk. (2026-11-25,
 * when /login still carried Redux Toolkit: with no copies 102,401 bytes,
 * with them 99,875.)
 */
const DATA_LAYER_COPIES: Record<string, string> = {
  '@reduxjs/toolkit': '@reduxjs/toolkit/dist/redux-toolkit.browser.mjs',
  immer: 'immer/dist/immer.production.mjs',
  reselect: 'reselect/dist/reselect.browser.mjs',
  redux: 'redux/dist/redux.browser.mjs',
  'react-redux': 'react-redux/dist/react-redux.browser.mjs',
};
const DATA_LAYER_MODULES =
  /[\\/]node_modules[\\/](@reduxjs[\\/]toolkit[\\/]dist[\\/](query[\\/]|redux-toolkit\.browser)|immer[\\/]dist[\\/]immer\.production|reselect[\\/]dist[\\/]reselect\.browser|redux[\\/]dist[\\/]redux\.browser|react-redux[\\/]dist[\\/]react-redux\.browser)/;

function dataLayerCopies(): Plugin {
  const nodeModules = path.resolve(import.meta.dirname, '../../node_modules');
  return {
    name: 'urok-data-layer-copies',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const copy = DATA_LAYER_COPIES[source];
      if (!copy || !importer || !DATA_LAYER_MODULES.test(importer)) return null;
      return path.join(nodeModules, copy);
    },
  };
}

/**
 * The installable app (DESIGN section 15, docs/decisions.md): a web manifest and
 * a service worker (Workbox, generated at build time) that precaches the whole
 * built app — index.html, every chunk and stylesheet, the icons and KaTeX's
 * woff2 fonts — so the app opens with no network, and an old page never asks
 * the server for a chunk a later deploy removed. Every navigation outside
 * /api/ answers index.html from the precache. Under /api/ only the signed-in
 * account's answer to auth/getUser is kept (public/sw-session.js, imported into
 * the worker), so the app opens signed in offline; the saved courses are the
 * data layer's (src/lib/offline-courses.ts), not the worker's. A new worker waits until the person chooses
 * 'Оновити' (registerType 'prompt', src/app/app-update.ts);
 * the dev server has no worker.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    registerType: 'prompt',
    // Registered by src/app/app-update-start.ts, loaded after the first render: no script in index.html.
    injectRegister: false,
    // The glob below takes the icons already.
    includeManifestIcons: false,
    manifest: {
      name: 'Урок',
      short_name: 'Урок',
      description: messages.productDescription,
      lang: 'uk',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // indigo-600 (the logo, the buttons) and slate-50 (the page, index.html's body).
      theme_color: '#4f46e5',
      background_color: '#f8fafc',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      // KaTeX ships woff2, woff and ttf of each font: every browser that runs a service worker reads woff2.
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      navigateFallback: '/index.html',
      // The API (and its /api/docs pages) always goes to the network: no fallback, no cache.
      navigateFallbackDenylist: [/^\/api(?:\/|$)/],
      runtimeCaching: [],
      // The signed-in account's getUser answer, for an offline start (public/sw-session.js).
      importScripts: ['/sw-session.js'],
      cleanupOutdatedCaches: true,
      // Hashed file names need no revision of their own.
      dontCacheBustURLsMatching: /^assets\//,
    },
    devOptions: { enabled: false },
  });
}

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  return {
    plugins: [
      precompileIcu(),
      dataLayerCopies(),
      react(),
      tailwindcss(),
      urokHtml(env.VITE_ANALYTICS === 'vercel'),
      installableApp(),
      precompress(),
    ],
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
      // No modulepreload polyfill in the entry: every browser we serve supports
      // <link rel="modulepreload">, and one that does not still loads each module, only later.
      modulePreload: { polyfill: false },
      // dist/.vite/manifest.json: which file each source module became (the bundle-budget
      // test reads it, the chunks being named by hash). Not served: the server serves no dotfile.
      manifest: true,
      // Fonts (KaTeX's) stay files: the CSP's font-src is 'self', which refuses data: URLs.
      assetsInlineLimit: (file: string) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
      rolldownOptions: {
        output: {
          // A lazy chunk's file is named by its hash alone: the entry lists every chunk a
          // lazy page preloads by file name, and the names cost /login 370 gzipped bytes
          // (99,698 bytes without them, 100,068 with them, measured 2026-11-25). The
          // chunk groups below keep their names in this file; the network panel shows hashes.
          chunkFileNames: 'assets/[hash].js',
          codeSplitting: {
            groups: [
              {
                // RTK Query and its copies of what it imports (dataLayerCopies above).
                // After the vendor group (priority), which keeps React and react-redux.
                name: 'data-layer',
                test: DATA_LAYER_MODULES,
                priority: 1,
              },
              {
                // The framework every page needs, in one long-cached chunk: React, the router,
                // and the store (redux, redux-thunk, react-redux). Redux Toolkit, Immer and
                // Reselect are not listed: only the data layer uses them (above).
                // axios is not listed: it loads on demand (src/lib/http.ts). use-sync-external-store's
                // shim is the lesson editor's (TipTap), not react-redux's: it stays in the editor chunk.
                name: 'vendor',
                priority: 2,
                test: (id: string) =>
                  !DATA_LAYER_MODULES.test(id) &&
                  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|redux|redux-thunk|react-redux|use-sync-external-store(?![\\/](?:shim[\\/]|cjs[\\/]use-sync-external-store-shim)))[\\/]/.test(
                    id,
                  ),
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
