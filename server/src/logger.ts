import { pino, type Logger } from 'pino'

export type { Logger }

/** Structured logs; anything that looks like a secret is redacted. */
export function createLogger(level: string): Logger {
  return pino({
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
      ],
      censor: '[redacted]',
    },
  })
}
