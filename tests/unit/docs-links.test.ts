/**
 * Every relative link of README.md, CONTRIBUTING.md and docs/** reaches a file of the
 * repository, and a `#fragment` a heading of it: the manual was split into docs/ and moves
 * on, and a broken link is found here rather than by a newcomer.
 */
import { existsSync, globSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const heading of withoutCode(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = (heading[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  return anchors
}

/** Fenced blocks and inline code hold text, not links. */
const withoutCode = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')

/** The broken relative links of the files under root, as "file: target (why)". */
function brokenLinks(root: string, files: string[]): string[] {
  const broken: string[] = []
  for (const file of files) {
    const markdown = readFileSync(join(root, file), 'utf8')
    for (const link of withoutCode(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = link[1] ?? ''
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue // https:, mailto:
      const [path, fragment] = target.split('#') as [string, string | undefined]
      const resolved = path === '' ? join(root, file) : resolve(root, dirname(file), path)
      const inside = relative(root, resolved)
      if (inside.startsWith('..')) broken.push(`${file}: ${target} (outside the repository)`)
      else if (!existsSync(resolved)) broken.push(`${file}: ${target} (no such file)`)
      else if (fragment !== undefined && !anchorsOf(readFileSync(resolved, 'utf8')).has(fragment)) {
        broken.push(`${file}: ${target} (no such heading)`)
      }
    }
  }
  return broken
}

describe('links in the documentation', () => {
  const files = ['README.md', 'CONTRIBUTING.md', ...globSync('docs/**/*.md')]

  it('all resolve, to a file in the repository and an existing heading', () => {
    expect(files.length).toBeGreaterThan(5)
    expect(brokenLinks(process.cwd(), files)).toEqual([])
  })

  describe('the check', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-links-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    it('finds a missing file, a missing heading and a path out of the repository', () => {
      writeFileSync(join(dir, 'a.md'), '# A title\n\n## Two words\n\n[ok](#two-words) [ok](a.md#a-title) `[code](nowhere.md)`\n')
      writeFileSync(join(dir, 'b.md'), '[gone](missing.md) [bad](a.md#no-such) [out](../shared/x.md) [web](https://example.com/x)\n')
      expect(brokenLinks(dir, ['a.md', 'b.md'])).toEqual([
        'b.md: missing.md (no such file)',
        'b.md: a.md#no-such (no such heading)',
        'b.md: ../shared/x.md (outside the repository)',
      ])
    })
  })
})
