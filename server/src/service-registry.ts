/**
 * The type of `services` as the GraphQL context and the REST routes see it. It is filled in by
 * server/src/services.ts (declaration merging) from the module list, so the layers the modules
 * build on (graphql/, http/) name it without importing the list, which imports them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface Services {}
