import { pino, type Logger } from 'pino'

export type { Logger }

/** Structured logs; anything that looks like a secret is redacted. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'password',
          '*.password',
          'accessToken',
          'refreshToken',
          '*.accessToken',
          '*.refreshToken',
          'token',
          '*.token',
          'req.headers.authorization',
          'req.headers.cookie',
          // Two-step verification and imported password hashes.
          'twoStepToken',
          '*.twoStepToken',
          'secret',
          '*.secret',
          'recoveryCodes',
          '*.recoveryCodes',
          'passwordHash',
          '*.passwordHash',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  )
}
