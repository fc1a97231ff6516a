/** Structured JSON logs (pino). Secrets never go in: redact the fields that could carry them. */
import {pino, type Logger, type DestinationStream} from 'pino'

export type {Logger}

export function createLogger(level = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: {service: 'exchange'},
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'password',
          '*.password',
          'api_secret',
          '*.api_secret',
          'token',
          '*.token',
          'authorization',
          '*.authorization',
          'mnemonic',
          '*.mnemonic',
          'tronApiKey',
          '*.tronApiKey',
          'apiKey',
          '*.apiKey',
        ],
        censor: '[redacted]',
      },
    },
    destination ?? pino.destination({dest: 1, sync: true}),
  )
}
