import { describe, expect, it, vi } from 'vitest'
import { lazyPage } from '../../../client/src/lib/lazy-page'

const Page = () => null

describe("lazyPage preloadWithData (the first screen starts a page's data with its chunk)", () => {
  it("loads the chunk once and then runs the module's preloadData", async () => {
    const preloadData = vi.fn(async () => 'data')
    const importer = vi.fn(async () => ({ default: Page, preloadData }))
    const page = lazyPage('test-page', importer)
    await expect(page.preloadWithData()).resolves.toBe('data')
    await page.preload()
    expect(importer).toHaveBeenCalledTimes(1)
    expect(preloadData).toHaveBeenCalledTimes(1)
  })

  it('is a plain preload for a page without preloadData', async () => {
    const page = lazyPage('plain-page', async () => ({ default: Page }))
    await expect(page.preloadWithData()).resolves.toBeUndefined()
  })
})
