/**
 * Build step: the first paint already has the chosen skin.
 *
 * The skin (light | dark) lives in localStorage (lib/preferences.ts) and used to be applied by
 * the entry script, and the page colours only by styled-components' global style once React
 * had committed, with a colour transition on <body>. On a slow or busy phone the browser
 * painted the first frames with the page text in the skin's colours over the unstyled page
 * (dark skin: light-grey text on white) until the transition had run. This puts into
 * index.html, before anything else, a tiny inline script that sets the `dark` class and
 * colour-scheme on <html> from the stored skin, and a style with each skin's page colours on
 * <html>, so every frame, from the first, shows one skin. The server allows the script by its
 * hash (server/src/http/inline-script-hashes.ts); the colours come from lib/theme.ts.
 */
import type { Plugin } from 'vite'
import { darkTheme, lightTheme } from './src/lib/theme.js'
import { STORAGE_KEYS } from './src/lib/storage.js'

/** Same decision as lib/preferences.ts (getSkin, applySkinClass), in plain ES5 that runs before the first paint. */
export const FIRST_PAINT_SKIN_SCRIPT = `try{var d=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.skin)})==='dark',e=document.documentElement;e.classList.toggle('dark',d);e.style.colorScheme=d?'dark':'light'}catch(x){}`

export const FIRST_PAINT_SKIN_STYLE =
  `html{background:${lightTheme.colors.body};color:${lightTheme.colors.text}}` + `html.dark{background:${darkTheme.colors.body};color:${darkTheme.colors.text}}`

export function firstPaintSkin(): Plugin {
  return {
    name: 'first-paint-skin',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [
        { tag: 'script', children: FIRST_PAINT_SKIN_SCRIPT, injectTo: 'head-prepend' },
        { tag: 'style', children: FIRST_PAINT_SKIN_STYLE, injectTo: 'head' },
      ],
    },
  }
}
