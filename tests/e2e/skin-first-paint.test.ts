import { describe, expect, it } from 'vitest'
import { darkTheme, lightTheme } from '../../client/src/lib/theme'
import { PUBLIC_PATHS, appPaths, settled, sharedE2E, signInAs } from './support/walk'

/** '#161d31' → 'rgb(22, 29, 49)', as getComputedStyle answers. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`

/**
 * Every frame from the first shows one skin: on a slow phone (CPU throttled through CDP) the
 * <html> class is the stored skin's from the first animation frame, and once the app shows
 * text the page colour behind it is that skin's (it used to be the unstyled white for a few
 * frames in the dark skin, while <body> faded to its colour: light-grey text on white).
 * Each animation frame records the state; a frame that mixes skins is listed.
 */
describe('skin on the first paint', () => {
  const e2e = sharedE2E()

  it.each(['dark', 'light'] as const)(
    '%s skin: no frame shows the other skin or the unstyled page behind the text',
    async (skin) => {
      const expected = rgb((skin === 'dark' ? darkTheme : lightTheme).colors.body)
      const context = await e2e().browser.newContext({ baseURL: e2e().server.url })
      await context.addInitScript(
        ({ skin, expected }) => {
          localStorage.setItem('skin', skin)
          const wrong: string[] = []
          ;(window as unknown as { __mixedFrames: string[] }).__mixedFrames = wrong
          const transparent = 'rgba(0, 0, 0, 0)'
          const frame = () => {
            const html = document.documentElement
            const hasText = (document.getElementById('root')?.innerText.trim() ?? '') !== ''
            const bodyBg = document.body ? getComputedStyle(document.body).backgroundColor : transparent
            const pageBg = bodyBg !== transparent ? bodyBg : getComputedStyle(html).backgroundColor
            const problems = [
              html.classList.contains('dark') !== (skin === 'dark') ? `class "${html.className}"` : '',
              hasText && pageBg !== expected ? `text over ${pageBg}` : '',
            ].filter(Boolean)
            if (problems.length > 0 && wrong.length < 20) wrong.push(`${location.pathname}: ${problems.join(', ')}`)
            requestAnimationFrame(frame)
          }
          requestAnimationFrame(frame)
        },
        { skin, expected },
      )
      const page = await context.newPage()
      // A slow phone: the frames between the first paint and the settled page are many.
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      const mixed: string[] = []
      const visit = async (path: string) => {
        await page.goto(path)
        // At a quarter of the CPU on a loaded machine, the admin overview's sections took over
        // the walks' 15 s to load (CI); the test reads the frames once they have.
        await settled(page, 60_000)
        mixed.push(...(await page.evaluate(() => (window as unknown as { __mixedFrames: string[] }).__mixedFrames)))
      }
      for (const path of PUBLIC_PATHS) await visit(path)
      const self = await signInAs(page, 'admin')
      for (const path of appPaths(self).slice(0, 4)) await visit(path)
      expect(mixed).toEqual([])
      await context.close()
    },
    240_000,
  )
})
