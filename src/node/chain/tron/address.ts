/**
 * TRON addresses. The 21 address bytes are 0x41 followed by the same 20 bytes an EVM address has
 * (the last 20 bytes of keccak256 of the uncompressed secp256k1 public key). Three text forms:
 *   - base58check `T…` (canonical: what users type, what the store keeps, what adapters return);
 *   - hex `41…` (42 hex digits), what the HTTP API speaks when `visible` is false;
 *   - the 20-byte EVM form `0x…`, what TVM logs and ABI-encoded call data carry.
 */
import {sha256} from '@noble/hashes/sha2.js'
import {createBase58check} from '@scure/base'
import {invalid} from '../../ground/errors.js'
import {canonicalEvmAddress, evmAddressFromPrivateKey, evmAddressFromPublicKey} from '../evm/address.js'

/** The first byte of every TRON mainnet (and Nile/Shasta testnet) address. */
export const TRON_ADDRESS_PREFIX = 0x41

const base58check = createBase58check(sha256)
const TRON_HEX = /^41[0-9a-fA-F]{40}$/
const EVM_HEX = /^(0x)?[0-9a-fA-F]{40}$/

function fromBody(body20: Uint8Array): string {
  const bytes = new Uint8Array(21)
  bytes[0] = TRON_ADDRESS_PREFIX
  bytes.set(body20, 1)
  return base58check.encode(bytes)
}

function decode(text: string): Uint8Array | null {
  try {
    const bytes = base58check.decode(text)
    return bytes.length === 21 && bytes[0] === TRON_ADDRESS_PREFIX ? bytes : null
  } catch {
    return null
  }
}

/** The `T…` address of a 33-byte compressed (or 65-byte uncompressed) secp256k1 public key. */
export function tronAddressFromPublicKey(publicKey: Uint8Array): string {
  return tronFromEvm(evmAddressFromPublicKey(publicKey))
}

/** The `T…` address of a 32-byte private key. */
export function tronAddressFromPrivateKey(privateKey: Uint8Array): string {
  return tronFromEvm(evmAddressFromPrivateKey(privateKey))
}

/** True for a base58check string that decodes to 21 bytes starting with 0x41. */
export function isTronAddress(text: string): boolean {
  return decode(text) !== null
}

/** The 21 address bytes (0x41 first) of a valid `T…` address; throws `invalid_argument` otherwise. */
export function tronAddressBytes(text: string): Uint8Array {
  const bytes = decode(text)
  if (!bytes) throw invalid(`not a TRON address (base58check, 0x41 prefix): ${text}`)
  return bytes
}

/**
 * The canonical `T…` form of an address given as `T…` or `41…` hex. The 20-byte EVM form is not
 * taken here (an Ethereum address typed into a TRON field is a user mistake): use tronFromEvm.
 */
export function canonicalTronAddress(text: string): string {
  if (isTronAddress(text)) return text
  if (TRON_HEX.test(text.replace(/^0x/, ''))) return tronFromHex(text)
  throw invalid(`not a TRON address: ${text}`)
}

/** `T…` → `41…` (lower-case hex, no 0x). */
export function tronToHex(text: string): string {
  return Buffer.from(tronAddressBytes(text)).toString('hex')
}

/** `41…` (with or without 0x) → `T…`. */
export function tronFromHex(hex: string): string {
  const digits = hex.replace(/^0x/, '')
  if (!TRON_HEX.test(digits)) throw invalid(`not a TRON hex address (41 + 40 hex digits): ${hex}`)
  return fromBody(Buffer.from(digits.slice(2), 'hex'))
}

/** `T…` → the checksummed 20-byte EVM form `0x…` (what TVM logs and ABI call data carry). */
export function tronToEvm(text: string): string {
  return canonicalEvmAddress('0x' + tronToHex(text).slice(2))
}

/**
 * The 20-byte EVM form (`0x…` or bare 40 hex digits, any case: logs and ABI words carry no
 * checksum) → `T…`.
 */
export function tronFromEvm(evm: string): string {
  if (!EVM_HEX.test(evm)) throw invalid(`not a 20-byte address: ${evm}`)
  return fromBody(Buffer.from(evm.replace(/^0x/, ''), 'hex'))
}
