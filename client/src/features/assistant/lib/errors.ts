/**
 * Reading server failures for the assistant pages: the coded error (shown as the shared
 * `errors.<CODE>` text), the server's own message (for the platform's answer or a retry
 * hint) and the per-field messages of a BAD_USER_INPUT (shown under the right field).
 */
import { type ErrorCode, errorCodeOf } from '../../../lib/error-code';

/** Codes the assistant API raises beyond the shared client list (each has an errors.<CODE> text). */
export const ASSISTANT_ERROR_CODES = ['PLAN_LIMIT', 'PLATFORM_ERROR', 'CONFLICT'] as const;
export type AssistantErrorCode = ErrorCode | (typeof ASSISTANT_ERROR_CODES)[number];

interface FormattedError {
  message: string;
  code: string | null;
  fields: Record<string, string[]>;
}

function formattedErrors(error: unknown): FormattedError[] {
  if (typeof error !== 'object' || error === null) return [];
  const list = (error as { errors?: unknown }).errors;
  if (!Array.isArray(list)) return [];
  return list.map((item: unknown): FormattedError => {
    const entry = (item ?? {}) as { message?: unknown; extensions?: { code?: unknown; fields?: unknown } };
    const fields: Record<string, string[]> = {};
    const raw = entry.extensions?.fields;
    if (typeof raw === 'object' && raw !== null) {
      for (const [key, value] of Object.entries(raw)) {
        if (Array.isArray(value)) fields[key] = value.filter((text): text is string => typeof text === 'string');
      }
    }
    return {
      message: typeof entry.message === 'string' ? entry.message : '',
      code: typeof entry.extensions?.code === 'string' ? entry.extensions.code : null,
      fields,
    };
  });
}

const EXTRA: ReadonlySet<string> = new Set(ASSISTANT_ERROR_CODES);

/** The error's code when the UI has a text for it, else the shared mapping (errorCodeOf). */
export function assistantErrorCode(error: unknown): AssistantErrorCode {
  const extra = formattedErrors(error).find((entry) => entry.code !== null && EXTRA.has(entry.code));
  if (extra) return extra.code as AssistantErrorCode;
  return errorCodeOf(error);
}

/** The server's first message, when it sent one (English; the platform's answer or a hint). */
export function serverMessageOf(error: unknown): string | null {
  return formattedErrors(error).find((entry) => entry.message)?.message ?? null;
}

/** Field → messages from BAD_USER_INPUT errors (extensions.fields). */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const entry of formattedErrors(error)) {
    for (const [field, messages] of Object.entries(entry.fields)) out[field] = [...(out[field] ?? []), ...messages];
  }
  return out;
}

/** Codes whose server message adds something the translated text cannot know. */
export function showsServerDetail(code: AssistantErrorCode): boolean {
  return code === 'PLATFORM_ERROR' || code === 'RATE_LIMITED' || code === 'PLAN_LIMIT';
}
