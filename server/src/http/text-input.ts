import { Kind, visit, type DocumentNode } from 'graphql'
import { AppError } from '../errors'

/**
 * PostgreSQL refuses the NUL character in text, and an unpaired UTF-16 surrogate cannot be
 * encoded as UTF-8: both would reach the database as a driver error (a 500). No product field
 * needs either, so every string from outside is checked here, once, for REST (query, path
 * and JSON body) and GraphQL (variables and inline literals) alike.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

const MAX_DEPTH = 64

/** The path of the first string (or object key) that cannot be stored, or null. */
export function findUnstorableText(value: unknown, path = 'input', depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null
  if (value === null || typeof value !== 'object') return null
  if (depth > MAX_DEPTH) return path // nothing of ours nests this deep
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], `${path}.${i}`, depth + 1)
      if (found) return found
    }
    return null
  }
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return path
    const found = findUnstorableText(item, `${path}.${key}`, depth + 1)
    if (found) return found
  }
  return null
}

export function unstorableTextError(path: string): AppError {
  const field =
    path
      .split('.')
      .slice(1)
      .filter((p) => !/^\d+$/.test(p))
      .at(-1) ?? path
  return new AppError('BAD_USER_INPUT', 'Text may not contain NUL characters or unpaired surrogates', {
    [field]: ['Contains a character that is not allowed.'],
  })
}

const literalVerdicts = new WeakMap<DocumentNode, string | null>()

/** The first inline string literal of a GraphQL document that cannot be stored, or null. */
export function findUnstorableLiteral(document: DocumentNode): string | null {
  // Parsed documents are cached (yoga's parser cache) and never changed: one walk per document.
  const known = literalVerdicts.get(document)
  if (known !== undefined) return known
  let found: string | null = null
  visit(document, {
    [Kind.STRING](node) {
      if (!found && UNSTORABLE.test(node.value)) found = node.value
    },
  })
  literalVerdicts.set(document, found)
  return found
}
