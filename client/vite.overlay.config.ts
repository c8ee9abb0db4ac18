import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/**
 * The overlay's own build (client/src/features/alerts/overlay): a second, separate entry with
 * no React, no Apollo and none of the dashboard's chunks, written to dist/client/overlay and
 * served by the server at /overlay/<secret> (modules/alerts/alerts.rest.ts). A separate config
 * rather than a second input of the dashboard's build: the dashboard's chunk groups and
 * first-screen preload would otherwise pull shared chunks into a page that stays open for hours
 * in every streamer's broadcasting software.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./src/features/alerts/overlay', import.meta.url)),
  base: '/overlay/',
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('../dist/client/overlay', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
})
