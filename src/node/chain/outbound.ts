/**
 * The one way the chain module sends a transaction: sign, store the signed bytes (the caller's
 * `stored`, a committed write), then broadcast. A signing failure sends nothing (`failed` is told
 * why); a broadcast failure keeps the stored bytes for the next pass to send again.
 */
import type {Logger} from '../logger.js'
import type {ChainAdapter, OutgoingTransfer} from './adapter.js'

export type SendSteps = {
  /** Records the signed bytes (and the fee, when signing fixes it) before they are first sent. */
  stored: (txHash: string, raw: string, fee: bigint | undefined) => void
  /** Records that the node accepted the bytes. */
  sent: () => void
  /** Records that nothing could be signed, with the reason and the error itself (to tell a passing cause). */
  failed: (reason: string, error: unknown) => void
}

export async function signAndSend(
  adapter: ChainAdapter,
  transfer: OutgoingTransfer,
  steps: SendSteps,
  logger: Logger,
  what: Record<string, string>,
): Promise<void> {
  let signed
  try {
    signed = await adapter.sign(transfer)
  } catch (error) {
    logger.warn({err: error, ...what}, 'transaction could not be signed')
    steps.failed(`could not be signed: ${error instanceof Error ? error.message : String(error)}`, error)
    return
  }
  steps.stored(signed.txHash, signed.raw, signed.fee)
  await resend(adapter, signed.raw, steps, logger, what)
}

/** Sends stored bytes (again); the node knowing them already counts as sent. */
export async function resend(
  adapter: ChainAdapter,
  raw: string,
  steps: Pick<SendSteps, 'sent'>,
  logger: Logger,
  what: Record<string, string>,
): Promise<void> {
  try {
    await adapter.broadcast(raw)
  } catch (error) {
    logger.warn({err: error, ...what}, 'broadcast failed; the stored bytes are sent again on the next pass')
    return
  }
  steps.sent()
}
