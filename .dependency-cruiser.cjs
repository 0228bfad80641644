// The server's layers, checked in `npm test` (`npm run lint:layers`; ARCHITECTURE.md, "Layers").
// SQL itself (Kysely's query builder and `sql`) is held to repositories by ESLint
// (eslint.config.js); this checks who may import whom.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'features-talk-through-services',
      comment:
        "A server feature uses another feature only through that feature's service " +
        '(features/<name>/<name>.service.ts), never its routes, repository or other files.',
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: {
        path: '^apps/server/src/features/[^/]+/',
        pathNot: [
          '^apps/server/src/features/$1/',
          '^apps/server/src/features/[^/]+/[^/]+\\.service\\.ts$',
        ],
      },
    },
    {
      name: 'no-feature-cycles',
      comment: 'Server features depend on each other one way only: no two reach each other.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/features/[^/]+' },
      to: { path: '^apps/server/src/features/[^/]+', circular: true },
    },
    {
      name: 'lib-below-features',
      comment:
        'apps/server/src/lib is shared by the features and knows none of them: what belongs ' +
        "to a feature lives in it, and lib code that needs a feature's data is handed it.",
      severity: 'error',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
