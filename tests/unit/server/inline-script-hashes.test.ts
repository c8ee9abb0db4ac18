import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { FIRST_PAINT_SKIN_SCRIPT } from '../../../client/vite-first-paint-skin'
import { inlineScriptHashes } from '../../../server/src/http/inline-script-hashes'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

describe('CSP hashes of index.html inline scripts', () => {
  it('hashes the exact text of each inline script and skips scripts loaded from a file', () => {
    const html = `<html><head><script>${FIRST_PAINT_SKIN_SCRIPT}</script>
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <SCRIPT type="text/javascript">a=1</SCRIPT></head><body><script></script></body></html>`
    expect(inlineScriptHashes(html)).toEqual([sha256(FIRST_PAINT_SKIN_SCRIPT), sha256('a=1')])
  })

  it('answers nothing for a page with no inline script', () => {
    expect(inlineScriptHashes('<html><head><script type="module" src="/assets/x.js"></script></head></html>')).toEqual([])
  })
})
