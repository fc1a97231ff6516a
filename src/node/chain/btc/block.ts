/**
 * Raw blocks and transactions as Bitcoin Core serializes them (`getblock <hash> 0`,
 * `getrawtransaction <txid> false`), decoded here so no amount ever passes through a JSON number.
 * The wire format is @scure/btc-signer's RawTx (BIP144 segwit included); the block is checked
 * against its own hash and merkle root before anything is read from it.
 */
import {hex} from '@scure/base'
import {sha256} from '@noble/hashes/sha2.js'
import {CompactSize, RawTx} from '@scure/btc-signer'
import * as P from 'micro-packed'

export type TxInput = {
  /** Spent output's txid (display order, hex); all zeros for a coinbase. */
  txid: string
  index: number
}

export type TxOutput = {amount: bigint; script: Uint8Array}

export type ParsedTransaction = {txid: string; inputs: TxInput[]; outputs: TxOutput[]}

export type ParsedBlock = {hash: string; parentHash: string; transactions: ParsedTransaction[]}

const RawBlock = P.struct({
  header: P.bytes(80),
  transactions: P.array(CompactSize, RawTx),
})

const sha256d = (bytes: Uint8Array): Uint8Array => sha256(sha256(bytes))

/** Hashes are shown byte-reversed (Bitcoin Core's display order). */
const display = (bytes: Uint8Array): string => hex.encode(Uint8Array.from(bytes).reverse())

type DecodedTx = ReturnType<typeof RawTx.decode>

function fromDecoded(tx: DecodedTx): ParsedTransaction & {hash: Uint8Array} {
  // The txid commits to the transaction without its witnesses (BIP141).
  const hash = sha256d(RawTx.encode({...tx, segwitFlag: false, witnesses: undefined}))
  return {
    hash,
    txid: display(hash),
    // RawInput decodes the spent txid already in display order.
    inputs: tx.inputs.map((input) => ({txid: hex.encode(input.txid), index: input.index})),
    outputs: tx.outputs.map((output) => ({amount: output.amount, script: output.script})),
  }
}

function merkleRoot(hashes: Uint8Array[]): Uint8Array {
  let level = hashes
  while (level.length > 1) {
    const next: Uint8Array[] = []
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i]!
      const right = level[i + 1] ?? left
      next.push(sha256d(Uint8Array.from([...left, ...right])))
    }
    level = next
  }
  return level[0]!
}

/** Decodes a raw transaction (hex). */
export function parseTransaction(rawHex: string): ParsedTransaction {
  const {txid, inputs, outputs} = fromDecoded(RawTx.decode(hex.decode(rawHex)))
  return {txid, inputs, outputs}
}

/**
 * Decodes a raw block (hex) and proves it whole: its header hashes to `expectedHash` and its
 * transactions to the header's merkle root; anything else throws.
 */
export function parseBlock(rawHex: string, expectedHash: string): ParsedBlock {
  const decoded = RawBlock.decode(hex.decode(rawHex))
  const hash = display(sha256d(decoded.header))
  if (hash !== expectedHash) throw new Error(`raw block hashes to ${hash}, expected ${expectedHash}`)
  const transactions = decoded.transactions.map(fromDecoded)
  if (transactions.length === 0) throw new Error(`block ${hash} has no transactions`)
  const root = merkleRoot(transactions.map((tx) => tx.hash))
  if (hex.encode(root) !== hex.encode(decoded.header.subarray(36, 68))) {
    throw new Error(`block ${hash}: transactions do not match the header's merkle root`)
  }
  return {
    hash,
    parentHash: display(decoded.header.subarray(4, 36)),
    transactions: transactions.map(({txid, inputs, outputs}) => ({txid, inputs, outputs})),
  }
}
