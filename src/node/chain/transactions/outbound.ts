/**
 * The one way the chain module sends a transaction for the first time: sign, store the signed bytes
 * (the caller's `stored`, a committed write: attempt 1), then broadcast. A signing failure sends
 * nothing (`failed` is told why); a broadcast failure keeps the stored bytes for the next pass to
 * send again (`follow.ts`, which also replaces them at a higher fee when they are not mined in time).
 */
import type {Logger} from '../../ground/logger.js'
import type {ChainAdapter, OutgoingTransfer, SignedTransaction} from '../adapter.js'

export type SendSteps = {
  /** Records the signed bytes (and the fee, when signing fixes it) before they are first sent. */
  stored: (signed: SignedTransaction) => void
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
  steps.stored(signed)
  try {
    await adapter.broadcast(signed.raw)
  } catch (error) {
    logger.warn({err: error, ...what}, 'broadcast failed; the stored bytes are sent again on the next pass')
    return
  }
  steps.sent()
}
