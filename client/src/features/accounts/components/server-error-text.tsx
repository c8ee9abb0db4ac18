import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isErrorCode } from '../../../lib/error-code';
import { type ServerError, isLicenceCode } from '../lib/server-error';

/**
 * Server messages in English that the shared translation knows (spec section 5); others
 * are shown as sent.
 */
const KNOWN_FIELD_MESSAGES = {
  'Please enter your email.': 'auth.messages.enterEmail',
  'Please enter your username.': 'auth.messages.enterUsername',
  'Your password is too weak': 'auth.messages.weakPassword',
  'This email is already in use.': 'auth.messages.emailInUse',
  'This username is already in use.': 'auth.messages.usernameInUse',
} as const;

type KnownFieldMessage = keyof typeof KNOWN_FIELD_MESSAGES;

function isKnownFieldMessage(message: string): message is KnownFieldMessage {
  return Object.hasOwn(KNOWN_FIELD_MESSAGES, message);
}

/** Text for a failed operation: licence codes from this feature, the rest from errors.<CODE>. */
export function useServerErrorText() {
  const { t } = useTranslation('accounts');
  const { t: tShared } = useTranslation();
  return useCallback(
    (error: ServerError) => {
      if (isLicenceCode(error.code)) return t(`licenceErrors.${error.code}`);
      if (error.code === 'INVALID_CREDENTIALS') return t('password.wrongCurrent');
      if (error.code === 'CONFLICT') return t('common.conflict');
      if (error.code === 'PLAN_LIMIT') return t('common.planLimit');
      return tShared(`errors.${isErrorCode(error.code) ? error.code : 'INTERNAL_SERVER_ERROR'}`);
    },
    [t, tShared],
  );
}

/**
 * The server's messages for one field of a refused input (BAD_USER_INPUT), translated
 * where known. Other codes are shown once, as a whole, by useServerErrorText.
 */
export function useFieldMessages() {
  const { t } = useTranslation();
  return useCallback(
    (error: ServerError | null, field: string): string[] =>
      error?.code === 'BAD_USER_INPUT'
        ? (error.fields[field] ?? []).map((message) => (isKnownFieldMessage(message) ? t(KNOWN_FIELD_MESSAGES[message]) : message))
        : [],
    [t],
  );
}
