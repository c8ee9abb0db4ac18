import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** The client's feature folders, each a zone of its own. */
const clientFeatures = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const { 'import-x/resolver': _typescriptResolver, ...importXSettings } = importX.flatConfigs.typescript.settings

/**
 * Internals of one module that others still import, each listed with the reason (lift them
 * out of the feature that first needed them, then drop the line; issue 28). A new one is a
 * lint error until it is listed here.
 */
const SHARED_INTERNALS = {
  // Core, built by services.ts before the modules (and by the cluster's primary): belong beside auth/.
  'channels/token-box': 'the sealing key and box for platform tokens and two-step secrets',
  'firebase-auth/firebase-identity': 'the Firebase identity (sign-in and two-step re-authentication)',
  // Helpers several features share.
  'account/email-hold': 'a pending e-mail change, held at sign-in and by the admin user edit',
  'shop/cart-count': 'the cart count in userData (sign-in, account)',
  'two-step/two-step.service': 'isStaff and the two-step challenge of a sign-in (auth.service)',
  'licences/licence-expiry': 'when a licence ends (channels, analytics, videos)',
  'licences/keys': 'licence key format (the audit log masks keys)',
  'users/user-view': 'the scope of accounts a caller sees (licences, channels, data tables, analytics)',
  'channels/plan-limits': "a plan's limits on a channel (commands, raids, conversation)",
  'commands/template': 'chat message templates (chat, followers, conversation)',
  'commands/permission': 'chat roles and who may run a command (conversation)',
  'help/help.service': 'the locale of a request and the help locales (plans, shop, data tables, autosuggest)',
  'plans/plans.service': "a plan's description (the shop's licence products)",
  'audit/audit.service': 'the audit log of the users import CLI (modules/import builds its own)',
}
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const allowed = (extra) => [...Object.keys(SHARED_INTERNALS).map(escape), ...extra].join('|')
const boundary = (regex, allowTypeImports, message) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex, allowTypeImports, message }] }],
})
const outsideMessage = "Use the module's public surface: its <name>.module.ts (or modules/index.ts). Exceptions: SHARED_INTERNALS in eslint.config.js."
const betweenMessage =
  "Another module's internals: import its <name>.module.ts, its *.tables.ts, or types only. Exceptions: SHARED_INTERNALS in eslint.config.js."
function moduleBoundaries() {
  // An import path reaching into modules/<name>/<file>, not its module or tables file (from outside the modules folder).
  const outside = (extra) => `(^|/)modules/(?!(${allowed(extra)})$)[^/]+/(?![^/]+\\.(module|tables)$)[^/]+$`
  // From modules/<a>/x.ts: ../<b>/<file>, not a module file or a tables file.
  const between = (extra) => `^\\.\\./(?!(${allowed(extra)})$)[^./][^/]*/(?![^/]+\\.(module|tables)$)[^/]+$`
  return [
    { files: ['server/src/**/*.ts'], ignores: ['server/src/modules/**'], rules: boundary(outside([]), true, outsideMessage) },
    // The bot worker calls modules' public APIs only, types included (server/src/worker).
    { files: ['server/src/worker/**/*.ts'], rules: boundary(`(^|/)modules/[^/]+/(?![^/]+\\.module$)[^/]+$`, false, outsideMessage) },
    { files: ['server/src/modules/**/*.ts'], rules: boundary(between([]), true, betweenMessage) },
    { files: ['server/src/modules/**/*.schema.ts'], rules: boundary(between(['[^/]+/[^/]+\\.schema']), true, betweenMessage) },
  ]
}

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'client/src/gql', 'client/src/**/*.generated.ts', 'coverage', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['server/**/*.ts', 'seed/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/client/**'], message: 'The server never imports client code.' }] }],
      // The server runs on Node. tsconfig.server.json cannot keep the browser's globals out
      // (graphql-yoga's fetch types bring the DOM library in, so \`window\` type-checks there); this does.
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'location', 'history', 'alert', 'HTMLElement'].map((name) => ({
          name,
          message: 'A browser global: the server runs on Node.',
        })),
      ],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/seed/**'], message: 'The client never imports server code (no secrets in the bundle).' },
            { group: ['jose', 'pg', '@electric-sql/*', '@node-rs/*'], message: 'Server-only package.' },
          ],
        },
      ],
    },
  },
  {
    // The shape of the code, held by lint rather than by memory: no import cycles (type-only
    // imports count: a cycle through types still ties the layers together), and layers that
    // point one way. The server never imports seed/ (demo fixtures stay out of the production
    // bundle; seed/start.ts is the demo's entry point), and services page and validate without
    // the GraphQL layer (only *.schema.ts files and the server's wiring load the Pothos builder).
    files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The plugin's TypeScript settings (parser per extension), with its own node resolver in
      // place of eslint-import-resolver-typescript: the code imports by relative path only.
      ...importXSettings,
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './server/src', from: './seed', message: 'The server never imports seed/: demo fixtures stay out of the production bundle.' },
            {
              target: './server/src/modules',
              from: './server/src/graphql',
              message: 'Services do not load the GraphQL layer (paging: db/paging.ts; ids: ids.ts); only *.schema.ts files may.',
            },
          ],
        },
      ],
    },
  },
  {
    // Schema files declare the GraphQL types of their module: they are the GraphQL layer.
    files: ['server/src/modules/**/*.schema.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './server/src', from: './seed', message: 'The server never imports seed/: demo fixtures stay out of the production bundle.' }] },
      ],
    },
  },
  // Module boundaries: code outside a module (server/src/modules/<name>/) uses its public
  // surface only: its <name>.module.ts (what it brings, re-exporting what others may call),
  // or the list, modules/index.ts. Between modules, besides the module file: another module's
  // tables (the database is shared: joins read them), any type (a service's type is its API;
  // the module list hands the service itself in), and, between *.schema.ts files, GraphQL types.
  ...moduleBoundaries(),
  {
    // A promise nobody awaits loses its error (an unhandled rejection ends the process) and its
    // ordering: on the server every promise is awaited, returned, or marked \`void\` with its
    // .catch(). Typed lint (the type checker behind ESLint) for the server's files only.
    files: ['server/src/**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.server.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // \`import { type A } from './x'\` keeps an empty \`import './x'\` in the build (a module loaded
      // for nothing; the production-deps test reads it as a package named '.'): \`import type\`.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // Client boundaries (issue 28): the app composes the features (app/features.ts); a feature
    // never imports the app, nor another feature's insides: only its public index.ts, or a file of
    // its public/ when embeds load with different pages (what other features embed, loaded with
    // the page that shows it; feature.ts stays plain data in the entry chunk). Shared pieces live
    // in lib/ and components/, which import neither.
    files: ['client/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './client/src/features',
              from: './client/src/app',
              message: 'A feature never imports the app: lift what it needs into lib/ or components/.',
            },
            {
              target: ['./client/src/lib', './client/src/components'],
              from: ['./client/src/app', './client/src/features'],
              message: 'lib/ and components/ are shared: they import neither the app nor a feature.',
            },
            ...clientFeatures.map((name) => ({
              target: `./client/src/features/${name}`,
              from: './client/src/features',
              // graphql/: another feature's generated documents and their types (a query it also
              // runs, such as the shop's products on an invoice); plain data, no behaviour.
              except: [
                `./${name}`,
                ...clientFeatures.filter((other) => other !== name).flatMap((other) => [`./${other}/index.ts`, `./${other}/public`, `./${other}/graphql`]),
              ],
              message: 'A feature imports another only through its public index.ts or public/ (lift shared pieces into lib/ or components/).',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
)
