/**
 * An EVM node's traces, for the native value internal calls move (internal.ts reads them): which
 * trace method the node offers, asked once, and a block's internal transfers to watched addresses.
 */
import {toQuantity, type JsonRpcProvider} from 'ethers'
import type {IncomingTransfer} from '../adapter.js'
import {
  internalFromCallTracer,
  internalFromParityTraces,
  isUnsupportedMethod,
  type BlockCallTraces,
  type ParityTrace,
  type TraceMode,
} from './internal.js'

export class BlockTracer {
  /** How the node shows internal value transfers; asked once (`mode`). */
  private traces: TraceMode | undefined

  constructor(private readonly provider: JsonRpcProvider) {}

  /**
   * How this node shows internal value transfers, asked once: `debug_traceBlockByNumber` with the
   * callTracer (geth, anvil, reth, erigon), else `trace_block` (erigon, nethermind, anvil), else none.
   */
  async mode(): Promise<TraceMode> {
    if (this.traces !== undefined) return this.traces
    const tip = toQuantity(await this.provider.getBlockNumber())
    if (await this.offers('debug_traceBlockByNumber', [tip, {tracer: 'callTracer'}])) this.traces = 'debug'
    else if (await this.offers('trace_block', [tip])) this.traces = 'parity'
    else this.traces = 'none'
    return this.traces
  }

  /** Whether the node answers a method (an answer or an error about the block: yes; "no such method": no). */
  private async offers(method: string, params: unknown[]): Promise<boolean> {
    try {
      await this.provider.send(method, params)
      return true
    } catch (error) {
      if (isUnsupportedMethod(error)) return false
      // geth cannot trace the genesis block: the method is there.
      if (/genesis/i.test(error instanceof Error ? error.message : String(error))) return true
      throw error
    }
  }

  /** Native value internal calls moved to watched addresses in a block (none without tracing). */
  async internalTransfers(
    height: number,
    txHashes: readonly string[],
    watched: (address: string) => boolean,
  ): Promise<IncomingTransfer[]> {
    if (txHashes.length === 0) return []
    const mode = await this.mode()
    if (mode === 'debug') {
      const traces = (await this.provider.send('debug_traceBlockByNumber', [
        toQuantity(height),
        {tracer: 'callTracer'},
      ])) as BlockCallTraces
      return internalFromCallTracer(traces, txHashes, watched)
    }
    if (mode === 'parity') {
      return internalFromParityTraces((await this.provider.send('trace_block', [toQuantity(height)])) as ParityTrace[], watched)
    }
    return []
  }
}
