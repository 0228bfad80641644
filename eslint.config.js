import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import globals from 'globals';

/**
 * Web features never import each other: what two of them share lives in
 * components/ or lib/, and app/ composes them. For each feature, a relative
 * import that climbs out of it and back into another features/ folder is
 * refused, at each depth a file can sit in its feature.
 */
const WEB_FEATURES = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureBoundaries = WEB_FEATURES.flatMap((feature) =>
  [0, 1, 2, 3].map((depth) => ({
    files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // From depth d inside the feature, d + 1 steps up reach features/.
              regex: `^(\\./)?${'\\.\\./'.repeat(depth + 1)}(?!${feature}(/|$))[^./]`,
              message:
                'A web feature must not import another feature: move what they share to components/ or lib/, or compose them in app/.',
            },
            {
              regex: `^(\\./)?${'\\.\\./'.repeat(depth + 2)}features/(?!${feature}(/|$))`,
              message:
                'A web feature must not import another feature: move what they share to components/ or lib/, or compose them in app/.',
            },
          ],
        },
      ],
    },
  })),
);

/**
 * SQL lives in the server's repositories (`*.repository.ts`; those of tables
 * no one feature owns, the audit log and the job leases, in db/) and in db/
 * (the schema, migrations, connection and demo data): anywhere else Kysely's query
 * builder and its `sql` tag are refused. A service may still run repository
 * calls inside `db.transaction()`. ARCHITECTURE.md, "Layers".
 */
const SQL_MESSAGE =
  'SQL lives in repositories: call a function of a *.repository.ts (of the feature the data belongs to).';
const SQL_OUTSIDE_REPOSITORIES = [
  {
    selector:
      'CallExpression > MemberExpression.callee[property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
    message: SQL_MESSAGE,
  },
  {
    selector: "ImportDeclaration[source.value='kysely'] > ImportSpecifier[imported.name='sql']",
    message: SQL_MESSAGE,
  },
];

/**
 * What the server says to a user is in the catalog (DESIGN section 16,
 * packages/contract/src/server-messages.ts and the feature modules beside
 * it): a string or template literal with Cyrillic text in apps/server/src is
 * refused, outside demo data and migrations (db/), the transliteration and
 * search tables, and tests. A Cyrillic letter the code reads rather than
 * shows (a parser's keyword) is allowed on its line with a disable comment
 * saying so.
 */
const LITERAL_MESSAGE =
  'Words a user reads come from the catalog: a message of packages/contract (server-messages.ts, or the module of its feature), with its English in locales/en.';
const UKRAINIAN_LITERALS = [
  { selector: 'Literal[value=/[\\u0400-\\u04FF]/]', message: LITERAL_MESSAGE },
  { selector: 'TemplateElement[value.raw=/[\\u0400-\\u04FF]/]', message: LITERAL_MESSAGE },
];
const SERVER_TABLES = [
  'apps/server/src/lib/transliteration.ts',
  'apps/server/src/lib/search-text.ts',
];

// One rule, three sets of files: ESLint's flat config replaces a rule's options, never merges them.
const serverSyntax = [
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      '**/*.test.ts',
      ...SERVER_TABLES,
    ],
    rules: {
      'no-restricted-syntax': ['error', ...SQL_OUTSIDE_REPOSITORIES, ...UKRAINIAN_LITERALS],
    },
  },
  {
    files: ['apps/server/src/**/*.repository.ts'],
    ignores: ['apps/server/src/db/**', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...UKRAINIAN_LITERALS] },
  },
  {
    files: SERVER_TABLES,
    rules: { 'no-restricted-syntax': ['error', ...SQL_OUTSIDE_REPOSITORIES] },
  },
];

/**
 * Every word the web app shows comes from a catalog (DESIGN section 16): a
 * letter in JSX text, or a string literal in an attribute a person reads or
 * hears, is refused in apps/web/src (tests aside). Punctuation and symbols
 * between elements stay.
 */
const CATALOG_MESSAGE =
  'User-facing text comes from a catalog: add it to a defineMessages module of @urok/contract (with its English in locales/en) and read it from there.';
const noLiteralTextInJsx = {
  files: ['apps/web/src/**/*.tsx'],
  ignores: ['**/*.test.tsx'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: 'JSXText[value=/\\p{L}/u]', message: CATALOG_MESSAGE },
      {
        selector:
          'JSXAttribute[name.name=/^(aria-label|aria-description|aria-placeholder|aria-roledescription|aria-valuetext|title|placeholder|alt|label)$/] > Literal[value=/\\p{L}/u]',
        message: CATALOG_MESSAGE,
      },
      {
        selector:
          'JSXAttribute[name.name=/^(aria-label|aria-description|aria-placeholder|aria-roledescription|aria-valuetext|title|placeholder|alt|label)$/] > JSXExpressionContainer > :matches(Literal[value=/\\p{L}/u], TemplateLiteral[quasis.length=1][quasis.0.value.raw=/\\p{L}/u])',
        message: CATALOG_MESSAGE,
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // CommonJS on purpose (apps/server/threadpool.cjs is preloaded with `node --require`).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...featureBoundaries,
  ...serverSyntax,
  noLiteralTextInJsx,
);
