/**
 * Maps any failure (Apollo error, HTTP status, network failure) to one of the error codes
 * the UI translates as `errors.<CODE>`. Duck-typed so it does not pull Apollo into pages
 * that only use REST.
 */

export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'BAD_USER_INPUT',
  'INVALID_TOKEN',
  'WEAK_PASSWORD',
  'RATE_LIMITED',
  'NOT_FOUND',
  'INTERNAL_SERVER_ERROR',
  'NETWORK',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}

export function errorCodeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 400 || status === 422) return 'BAD_USER_INPUT';
  return 'INTERNAL_SERVER_ERROR';
}

function graphQLErrorCodes(error: object): string[] {
  const list = (error as { errors?: unknown }).errors;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    const code = (item as { extensions?: { code?: unknown } } | null)?.extensions?.code;
    return typeof code === 'string' ? [code] : [];
  });
}

export function errorCodeOf(error: unknown): ErrorCode {
  if (typeof error !== 'object' || error === null) return 'INTERNAL_SERVER_ERROR';
  const codes = graphQLErrorCodes(error);
  const known = codes.find(isErrorCode);
  if (known) return known;
  if (codes.length > 0) return 'INTERNAL_SERVER_ERROR';
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number') return errorCodeForStatus(status);
  if (error instanceof TypeError || (error as { name?: unknown }).name === 'TypeError') return 'NETWORK';
  return 'INTERNAL_SERVER_ERROR';
}
