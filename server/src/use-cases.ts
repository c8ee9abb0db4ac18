/**
 * A service is its use cases over one deps object: each use case is a plain function whose
 * first parameter is the deps (`list(deps, principal, raw)`), in a file of its own, and the
 * service factory builds the deps once and hands out the use cases with the deps bound
 * (`service.list(principal, raw)`). Parameter names and optional parameters carry over.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parameters of any use case
type UseCase<D> = (deps: D, ...args: any[]) => unknown

/** A use case with its deps bound: the same function minus the first parameter. */
export type Bound<D, F> = F extends (deps: D, ...args: infer A) => infer R ? (...args: A) => R : never

/** Binds `deps` as the first argument of every use case of `useCases`. */
export function bindDeps<D, T extends Record<string, UseCase<D>>>(deps: D, useCases: T): { [K in keyof T]: Bound<D, T[K]> } {
  const bound: Record<string, unknown> = {}
  for (const [name, useCase] of Object.entries(useCases)) bound[name] = (...args: unknown[]) => useCase(deps, ...args)
  return bound as { [K in keyof T]: Bound<D, T[K]> }
}
