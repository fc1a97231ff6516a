/**
 * Logs (pino): JSON lines, or pretty coloured lines for a person at a terminal (pino-pretty).
 * Secrets never go in: redact the fields that could carry them.
 */
import {createRequire} from 'node:module'
import {pino, type Logger, type DestinationStream} from 'pino'
import type PinoPretty from 'pino-pretty'

export type {Logger}

/** How log lines are written: `auto` is pretty when stdout is a terminal, JSON otherwise. */
export const LOG_FORMATS = ['auto', 'pretty', 'json'] as const
export type LogFormat = (typeof LOG_FORMATS)[number]

/** Whether `format` gives pretty lines on this process's stdout. */
export function isPretty(format: LogFormat, stdout: {isTTY?: boolean} = process.stdout): boolean {
  return format === 'pretty' || (format === 'auto' && stdout.isTTY === true)
}

export function createLogger(level = 'info', destination?: DestinationStream, format: LogFormat = 'json'): Logger {
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
    destination ?? (isPretty(format) ? prettyStream() : pino.destination({dest: 1, sync: true})),
  )
}

/**
 * Pretty lines on stdout, coloured on a terminal unless NO_COLOR is set. pino-pretty is loaded here,
 * not by every process that logs JSON (every test's node among them).
 */
function prettyStream(): DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty
  return pretty({
    colorize: process.stdout.isTTY === true && !process.env['NO_COLOR'],
    destination: 1,
    sync: true,
    ignore: 'pid,hostname,service',
    translateTime: 'SYS:HH:MM:ss.l',
  })
}
