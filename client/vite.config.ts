import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig, loadEnv } from 'vite';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const DEFAULT_APP_TITLE = 'Channel Assistant';
const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:4000';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Puts the configured app title into index.html's <title>. */
function appTitle(title: string): Plugin {
  return {
    name: 'app-title',
    transformIndexHtml: (html) => html.replace('%APP_TITLE%', escapeHtml(title)),
  };
}

const proxy = {
  '/graphql': { target: API_TARGET, changeOrigin: true, ws: true },
  '/jwt': { target: API_TARGET, changeOrigin: true },
  '/apps': { target: API_TARGET, changeOrigin: true },
  '/healthz': { target: API_TARGET, changeOrigin: true },
};

/** node_modules packages per vendor chunk; Apollo/GraphQL stay out of the sign-in pages. */
const VENDOR_GROUPS: { name: string; packages: string[]; priority: number }[] = [
  { name: 'vendor-react', packages: ['react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'], priority: 30 },
  { name: 'vendor-apollo', packages: ['@apollo/client', 'graphql', 'rxjs', '@wry', 'optimism', 'ts-invariant', 'tslib', 'graphql-tag', '@graphql-typed-document-node'], priority: 20 },
  { name: 'vendor-ui', packages: ['styled-components', 'stylis', '@emotion', 'i18next', 'react-i18next', 'html-parse-stringify', 'void-elements', 'use-sync-external-store', '@casl', '@ucast'], priority: 10 },
];

function packagePattern(packages: string[]): RegExp {
  const names = packages.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, (c) => (c === '/' ? '[\\\\/]' : `\\${c}`)));
  return new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, repoRoot, 'VITE_');
  const title = env.VITE_APP_TITLE?.trim() || DEFAULT_APP_TITLE;
  return {
    root: clientRoot,
    envDir: repoRoot,
    publicDir: 'public',
    plugins: [react(), appTitle(title)],
    build: {
      outDir: '../dist/client',
      emptyOutDir: true,
      target: 'es2022',
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: VENDOR_GROUPS.map(({ name, packages, priority }) => ({ name, test: packagePattern(packages), priority })),
          },
        },
      },
    },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
  };
});
