import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client'

/** An answer to one operation, as a function of its variables; null: it never answers (the loading state). */
export type Answer = (variables: Record<string, unknown>) => Record<string, unknown> | null

/**
 * For component tests: an Apollo client answering each operation by name with a function of its
 * variables, recording what was asked; an operation without an answer never answers.
 */
export function clientAnswering(answers: Record<string, Answer>) {
  const asked: Array<{ op: string; variables: Record<string, unknown> }> = []
  const link = new ApolloLink(
    (op) =>
      new Observable((o) => {
        asked.push({ op: op.operationName ?? '', variables: op.variables })
        const answer = answers[op.operationName ?? '']
        const result = answer?.(op.variables)
        if (!result) return
        o.next(result)
        o.complete()
      }),
  )
  return { asked, client: new ApolloClient({ link, cache: new InMemoryCache() }) }
}
