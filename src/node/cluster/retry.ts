/**
 * Start-up steps that talk to JetStream (creating the stream and buckets, reading where the stream
 * stands) tried again while NATS is slow or away, instead of failing the start: a JetStream API
 * request times out after a few seconds, which a loaded or restarting nats-server can take. A
 * refusal (`StartupRefused`: the stream is another store's, no JetStream) is final; anything else is
 * retried with a growing pause, logged on the first failure and then every ten, until `giveUpMs`.
 */
import type {Logger} from '../ground/logger.js'
import {StartupRefused} from '../store/refusal.js'

export type RetryOptions = {
  logger: Logger
  /** What is being done, for the log. */
  what: string
  /** Whether to give up at once (the connection closed: the process is stopping). */
  stopped?: () => boolean
  /** Total time before the last error is thrown, ms (default 120 000). */
  giveUpMs?: number
}

export async function retryStartup<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  const deadline = Date.now() + (options.giveUpMs ?? 120_000)
  for (let failures = 0; ; failures++) {
    try {
      return await attempt()
    } catch (error) {
      if (error instanceof StartupRefused || options.stopped?.() || Date.now() >= deadline) throw error
      if (failures % 10 === 0) options.logger.warn({err: error, attempt: failures + 1}, `${options.what} failed; retrying`)
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** Math.min(failures, 5))))
    }
  }
}
