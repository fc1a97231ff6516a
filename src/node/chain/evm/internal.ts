/**
 * Native value moved by internal calls (issue 22, docs/blockchain.md "Deposits"): ETH a contract sends
 * on — a forwarder, a smart-contract wallet paying out, a SELFDESTRUCT — reaches an address without
 * a transaction of its own, so only a trace of the block shows it. Two trace shapes are read:
 * geth's `debug_traceBlockByNumber` with the callTracer (a tree per transaction) and the
 * OpenEthereum/erigon `trace_block` (a flat list with trace addresses). Both walk each
 * transaction's calls in the same pre-order, so a transfer has the same index whichever the node
 * offers: `INTERNAL_INDEX_BASE` + its position in that order (the root call is 0 and is the
 * transaction's own value, index 0 of the scanner). A call that reverted moves nothing, nor does
 * anything under it. Pure functions: the adapter fetches, these read.
 */
import {getAddress} from 'ethers'
import type {IncomingTransfer} from '../adapter.js'

/** How a node shows internal transfers. */
export type TraceMode = 'debug' | 'parity' | 'none'

/**
 * Indices of internal transfers start here: above any log index a block can hold (a block of 36 M
 * gas fits ~96,000 minimal logs), so they never meet the index of a token log of the same transaction.
 */
export const INTERNAL_INDEX_BASE = 1_000_000

export const NO_TRACES_WARNING =
  'the eth node offers neither debug_traceBlockByNumber nor trace_block: native ETH that reaches a deposit address ' +
  'through a contract (an internal transfer, a smart-contract wallet paying out) will not be seen or credited'

/** One call of geth's callTracer. */
export type CallFrame = {
  type: string
  from: string
  to?: string
  value?: string
  error?: string
  calls?: CallFrame[]
}

/** debug_traceBlockByNumber's answer: one entry per transaction, in block order (`txHash` on newer nodes). */
export type BlockCallTraces = {txHash?: string; result?: CallFrame; error?: string}[]

/** One entry of trace_block. */
export type ParityTrace = {
  type: 'call' | 'create' | 'suicide' | 'reward' | string
  action: {
    callType?: string
    from?: string
    to?: string
    value?: string
    address?: string
    refundAddress?: string
    balance?: string
  }
  result?: {address?: string} | null
  error?: string
  traceAddress: number[]
  transactionHash?: string | null
}

/** Call types that move value to their `to` (DELEGATECALL and STATICCALL move none; CALLCODE pays itself). */
const VALUE_FRAMES = new Set(['CALL', 'CREATE', 'CREATE2', 'SELFDESTRUCT'])

const amountOf = (value: string | undefined): bigint => (value === undefined || value === '' ? 0n : BigInt(value))

/** Internal transfers to watched addresses in a block traced with the callTracer. */
export function internalFromCallTracer(
  traces: BlockCallTraces,
  txHashes: readonly string[],
  watched: (address: string) => boolean,
): IncomingTransfer[] {
  const found: IncomingTransfer[] = []
  traces.forEach((trace, i) => {
    const txHash = trace.txHash ?? txHashes[i]
    const root = trace.result
    if (txHash === undefined || root === undefined) return
    let position = 0
    const walk = (frame: CallFrame, reverted: boolean): void => {
      const index = position++
      const failed = reverted || frame.error !== undefined
      const amount = amountOf(frame.value)
      if (index > 0 && !failed && amount > 0n && VALUE_FRAMES.has(frame.type.toUpperCase()) && frame.to) {
        const to = getAddress(frame.to)
        if (watched(to)) {
          found.push({txHash, index: INTERNAL_INDEX_BASE + index, to, from: getAddress(frame.from), contract: null, amount})
        }
      }
      for (const call of frame.calls ?? []) walk(call, failed)
    }
    walk(root, false)
  })
  return found
}

/** Internal transfers to watched addresses in a block's `trace_block` list. */
export function internalFromParityTraces(traces: ParityTrace[], watched: (address: string) => boolean): IncomingTransfer[] {
  const found: IncomingTransfer[] = []
  const byTx = new Map<string, ParityTrace[]>()
  for (const trace of traces) {
    if (!trace.transactionHash) continue // block and uncle rewards
    const list = byTx.get(trace.transactionHash) ?? []
    list.push(trace)
    byTx.set(trace.transactionHash, list)
  }
  for (const [txHash, list] of byTx) {
    const failed = new Set(list.filter((trace) => trace.error !== undefined).map((trace) => trace.traceAddress.join('.')))
    const reverted = (address: number[]): boolean =>
      address.some((_, depth) => failed.has(address.slice(0, depth + 1).join('.'))) || failed.has('')
    list.forEach((trace, index) => {
      if (index === 0 || reverted(trace.traceAddress)) return
      const moved = valueOf(trace)
      if (moved === null || moved.amount <= 0n) return
      const to = getAddress(moved.to)
      if (watched(to)) {
        found.push({
          txHash,
          index: INTERNAL_INDEX_BASE + index,
          to,
          from: getAddress(moved.from),
          contract: null,
          amount: moved.amount,
        })
      }
    })
  }
  return found
}

function valueOf(trace: ParityTrace): {from: string; to: string; amount: bigint} | null {
  const {action} = trace
  if (trace.type === 'call') {
    if ((action.callType ?? 'call') !== 'call' || !action.from || !action.to) return null
    return {from: action.from, to: action.to, amount: amountOf(action.value)}
  }
  if (trace.type === 'create') {
    if (!action.from || !trace.result?.address) return null
    return {from: action.from, to: trace.result.address, amount: amountOf(action.value)}
  }
  if (trace.type === 'suicide') {
    if (!action.address || !action.refundAddress) return null
    return {from: action.address, to: action.refundAddress, amount: amountOf(action.balance)}
  }
  return null
}

/** A JSON-RPC error saying the method is not there (or not offered to this caller), whatever the node's wording. */
export function isUnsupportedMethod(error: unknown): boolean {
  const inner = (error as {error?: {code?: unknown; message?: unknown}} | null)?.error
  const code = inner?.code ?? (error as {code?: unknown} | null)?.code
  if (code === -32601) return true
  const message = `${String(inner?.message ?? '')} ${error instanceof Error ? error.message : String(error)}`
  return /method not found|does not exist|not available|not supported|unsupported method|not allowed|unknown method/i.test(
    message,
  )
}
