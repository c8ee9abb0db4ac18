/**
 * What the server said about a failed operation: its error code (GraphQL
 * extensions.code, e.g. LICENCE_USED) and its per-field messages (extensions.fields).
 * Duck-typed over Apollo's CombinedGraphQLErrors, like lib/error-code.ts.
 */
import { errorCodeOf } from '../../../lib/error-code';

export interface ServerError {
  /** The server's code as sent (may be one the shared error list does not know). */
  code: string;
  fields: Record<string, string[]>;
}

interface GraphQLErrorLike {
  message?: unknown;
  extensions?: { code?: unknown; fields?: unknown };
}

function firstGraphQLError(error: unknown): GraphQLErrorLike | null {
  if (typeof error !== 'object' || error === null) return null;
  const list = (error as { errors?: unknown }).errors;
  if (!Array.isArray(list) || list.length === 0) return null;
  const first: unknown = list[0];
  return typeof first === 'object' && first !== null ? (first as GraphQLErrorLike) : null;
}

function fieldsOf(value: unknown): Record<string, string[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) out[key] = messages.filter((m): m is string => typeof m === 'string');
  }
  return out;
}

export function serverErrorOf(error: unknown): ServerError {
  const first = firstGraphQLError(error);
  const raw = first?.extensions?.code;
  return {
    code: typeof raw === 'string' && raw ? raw : errorCodeOf(error),
    fields: fieldsOf(first?.extensions?.fields),
  };
}

/** The licence codes the server answers when a key cannot be used. */
export const LICENCE_CODES = ['LICENCE_INVALID', 'LICENCE_USED', 'LICENCE_REVOKED', 'LICENCE_TAKEN'] as const;
export type LicenceCode = (typeof LICENCE_CODES)[number];

export function isLicenceCode(code: string): code is LicenceCode {
  return (LICENCE_CODES as readonly string[]).includes(code);
}
