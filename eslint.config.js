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

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'client/src/gql', 'coverage', '.tmp'] },
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
              except: [`./${name}`, ...clientFeatures.filter((other) => other !== name).flatMap((other) => [`./${other}/index.ts`, `./${other}/public`])],
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
