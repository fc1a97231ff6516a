/**
 * Bitcoin-family addresses. A network is four plain numbers and a prefix, so a test can pass
 * Litecoin regtest's (`rltc`) and speak to litecoind exactly as the node speaks to Bitcoin Core.
 * Encoding and checksums are @scure/btc-signer's (bech32/bech32m per BIP173/BIP350, base58check).
 */
import {Address, OutScript, p2wpkh} from '@scure/btc-signer'
import {invalid} from '../../ground/errors.js'
import type {ChainNetwork} from '../adapter.js'

/** A Bitcoin-family network's address parameters. */
export type BitcoinNetworkParams = {
  /** bech32 human-readable part: `bc`, `tb`, `bcrt`; Litecoin regtest `rltc`. */
  hrp: string
  /** base58 version byte of P2PKH addresses. */
  pubKeyHash: number
  /** base58 version byte of P2SH addresses. */
  scriptHash: number
  /** version byte of WIF private keys. */
  wif: number
}

/** Bitcoin's own networks (chainparams.cpp). */
export const BITCOIN_NETWORKS: Record<ChainNetwork, BitcoinNetworkParams> = {
  mainnet: {hrp: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80},
  testnet: {hrp: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef},
  regtest: {hrp: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef},
}

/** Litecoin regtest, for tests against Debian's litecoind (same RPC and formats, other prefixes). */
export const LITECOIN_REGTEST: BitcoinNetworkParams = {hrp: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef}

/** The parameters in @scure/btc-signer's shape. */
export const signerNetwork = (params: BitcoinNetworkParams) => ({
  bech32: params.hrp,
  pubKeyHash: params.pubKeyHash,
  scriptHash: params.scriptHash,
  wif: params.wif,
})

/** The native segwit (P2WPKH, BIP84) address of a 33-byte compressed public key. */
export function p2wpkhAddress(publicKey: Uint8Array, params: BitcoinNetworkParams): string {
  if (publicKey.length !== 33 || (publicKey[0] !== 2 && publicKey[0] !== 3)) {
    throw invalid('a P2WPKH address needs a 33-byte compressed public key')
  }
  const address = p2wpkh(publicKey, signerNetwork(params)).address
  if (!address) throw new Error('P2WPKH gave no address')
  return address
}

/**
 * The address in canonical text form, or null when it is not a valid address of this network:
 * segwit v0 (P2WPKH, P2WSH) in bech32, v1 (taproot) in bech32m, P2PKH and P2SH in base58check
 * with the network's version bytes. A wrong checksum, prefix or version byte is invalid; a bech32
 * address in upper case is accepted and returned in lower case.
 */
export function canonicalAddress(address: string, params: BitcoinNetworkParams): string | null {
  if (typeof address !== 'string') return null
  const coder = Address(signerNetwork(params))
  try {
    return coder.encode(coder.decode(address))
  } catch {
    return null
  }
}

export const isValidAddress = (address: string, params: BitcoinNetworkParams): boolean =>
  canonicalAddress(address, params) !== null

/** The scriptPubKey paying to a valid address of the network. */
export function addressToScript(address: string, params: BitcoinNetworkParams): Uint8Array {
  const coder = Address(signerNetwork(params))
  let decoded
  try {
    decoded = coder.decode(address)
  } catch {
    throw invalid(`not a valid address on this network: ${address}`)
  }
  return OutScript.encode(decoded)
}

/** The address a scriptPubKey pays to, or null for scripts without one (OP_RETURN, bare multisig, unknown). */
export function scriptToAddress(script: Uint8Array, params: BitcoinNetworkParams): string | null {
  try {
    const decoded = OutScript.decode(script)
    if (!['pkh', 'sh', 'wpkh', 'wsh', 'tr'].includes(decoded.type)) return null
    return Address(signerNetwork(params)).encode(decoded as Parameters<ReturnType<typeof Address>['encode']>[0])
  } catch {
    return null
  }
}
