import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import type { Rollup } from 'vite'
import { describe, expect, it } from 'vitest'
import { firstScreenModule } from '../../../client/vite-first-screen'

const src = join(process.cwd(), 'client/src')

function chunk(fileName: string, source: string | null, imports: string[] = [], isEntry = false): Rollup.OutputChunk {
  return { type: 'chunk', fileName, facadeModuleId: source, imports, isEntry, isDynamicEntry: !isEntry } as unknown as Rollup.OutputChunk
}

/** A build with the entry, the sign-in page, the dashboard (which shares card.js with the login page and needs Apollo through its layout) and the assistant's translations. */
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', join(src, 'main.tsx'), ['assets/vendor-react.js'], true),
    chunk('assets/vendor-react.js', null),
    chunk('assets/login-page.js', join(src, 'features/auth/pages/login-page.tsx'), ['assets/card.js', 'assets/vendor-react.js']),
    chunk('assets/card.js', null),
    chunk('assets/dashboard-page.js', join(src, 'features/assistant/pages/dashboard-page.tsx'), ['assets/card.js', 'assets/graphql.js']),
    chunk('assets/graphql.js', null, ['assets/vendor-apollo.js']),
    chunk('assets/vendor-apollo.js', null),
    chunk('assets/vertical-layout.js', join(src, 'app/layouts/vertical-layout.tsx'), ['assets/vendor-apollo.js']),
    chunk('assets/horizontal-layout.js', join(src, 'app/layouts/horizontal-layout.tsx'), ['assets/vendor-apollo.js']),
    chunk('assets/assistant-en.js', join(src, 'features/assistant/locales/en.json')),
    chunk('assets/assistant-de.js', join(src, 'features/assistant/locales/de.json')),
  ].map((c) => [c.fileName, c]),
) as Rollup.OutputBundle

/** Runs the generated module for an address and stored items; returns the preloaded files. */
function preloads(pathname: string, stored: Record<string, string> = {}): string[] {
  const links: { rel: string; href: string }[] = []
  runInNewContext(firstScreenModule(bundle).code, {
    location: { pathname },
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    document: { createElement: () => ({}), head: { appendChild: (link: { rel: string; href: string }) => links.push(link) } },
  })
  expect(links.every((l) => l.rel === 'modulepreload')).toBe(true)
  return links.map((l) => l.href).sort()
}

const signedIn = { userData: '{"id":"3"}', accessToken: 'token' }

describe('first-screen preload module', () => {
  it('preloads the sign-in page for a visitor, without what the entry already loads', () => {
    expect(preloads('/login')).toEqual(['/assets/card.js', '/assets/login-page.js'])
  })

  it('preloads nothing of an app page for a visitor the guard sends to /login, nor the sign-in page for a signed-in one', () => {
    expect(preloads('/dashboard/')).toEqual([])
    expect(preloads('/login', signedIn)).toEqual([])
  })

  it('preloads page, layout and translations in the stored language and layout for a signed-in visitor', () => {
    expect(preloads('/dashboard/', signedIn)).toEqual([
      '/assets/assistant-en.js',
      '/assets/card.js',
      '/assets/dashboard-page.js',
      '/assets/graphql.js',
      '/assets/vendor-apollo.js',
      '/assets/vertical-layout.js',
    ])
    expect(preloads('/dashboard', { ...signedIn, language: 'de', layoutType: 'horizontal' })).toEqual([
      '/assets/assistant-de.js',
      '/assets/card.js',
      '/assets/dashboard-page.js',
      '/assets/graphql.js',
      '/assets/horizontal-layout.js',
      '/assets/vendor-apollo.js',
    ])
  })

  it('preloads nothing for an unknown address and survives storage that throws', () => {
    expect(preloads('/no/such/page', signedIn)).toEqual([])
    expect(() =>
      runInNewContext(firstScreenModule(bundle).code, {
        location: { pathname: '/login' },
        localStorage: {
          getItem: () => {
            throw new Error('denied')
          },
        },
        document: {},
      }),
    ).not.toThrow()
  })
})
