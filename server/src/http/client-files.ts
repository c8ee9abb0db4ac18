import { existsSync, readdirSync } from 'node:fs'
import { relative, sep } from 'node:path'

/**
 * The URL paths of the built client's files (`/assets/index-….js`, `/favicon.svg`), read once at
 * start: admission (http/admission.ts) never refuses one of them, since a refused script breaks
 * the page that asked for it ("This part of the app could not be loaded"). Only the files that
 * exist: a made-up path under /assets/ is admitted like any other request.
 */
export function clientFiles(dist: string): (path: string) => boolean {
  if (!existsSync(dist)) return () => false
  const files = new Set<string>()
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.add(`/${relative(dist, `${entry.parentPath}${sep}${entry.name}`).split(sep).join('/')}`)
  }
  return (path) => files.has(path)
}
