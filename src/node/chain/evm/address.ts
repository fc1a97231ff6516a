/**
 * EVM addresses: the last 20 bytes of keccak256 of the uncompressed secp256k1 public key, written
 * as `0x` + 40 hex digits with the EIP-55 mixed-case checksum. Validation follows EIP-55: an
 * all-lower or all-upper address carries no checksum and is accepted; a mixed-case address must
 * carry the right one. The canonical text form (what the store keeps and adapters return) is the
 * checksummed one.
 */
import {secp256k1} from '@noble/curves/secp256k1.js'
import {keccak_256} from '@noble/hashes/sha3.js'
import {invalid} from '../../ground/errors.js'

// The noble primitives (not ethers) keep the node's start light: ethers is loaded only with the
// EVM adapter, when an eth node is connected. The EIP-55 vectors in the tests pin the result.

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** EIP-55: a hex letter is upper case where the keccak256 of the lower-case address has a nibble ≥ 8. */
function checksummed(lowerHex40: string): string {
  const hash = keccak_256(new TextEncoder().encode(lowerHex40))
  let out = '0x'
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f
    out += nibble >= 8 ? lowerHex40[i]!.toUpperCase() : lowerHex40[i]!
  }
  return out
}

/** The checksummed address of a 33-byte compressed (or 65-byte uncompressed) secp256k1 public key. */
export function evmAddressFromPublicKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 33 && publicKey.length !== 65)
    throw invalid(`public key must be 33 or 65 bytes, got ${publicKey.length}`)
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false)
  return checksummed(Buffer.from(keccak_256(uncompressed.subarray(1)).subarray(12)).toString('hex'))
}

/** The checksummed address of a 32-byte private key. */
export function evmAddressFromPrivateKey(privateKey: Uint8Array): string {
  if (privateKey.length !== 32) throw invalid(`private key must be 32 bytes, got ${privateKey.length}`)
  return evmAddressFromPublicKey(secp256k1.getPublicKey(privateKey, false))
}

/**
 * True for `0x` + 40 hex digits that are all-lower, all-upper or correctly EIP-55 checksummed.
 * ICAP (`XE…`) and unprefixed forms are refused.
 */
export function isEvmAddress(text: string): boolean {
  if (!HEX_ADDRESS.test(text)) return false
  const digits = text.slice(2)
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true
  return checksummed(digits.toLowerCase()) === text
}

/** The canonical (checksummed) form of a valid address; throws `invalid_argument` otherwise. */
export function canonicalEvmAddress(text: string): string {
  if (!isEvmAddress(text)) throw invalid(`not an EVM address (0x + 40 hex digits, EIP-55 checksum when mixed-case): ${text}`)
  return checksummed(text.slice(2).toLowerCase())
}

/** The 20 address bytes of a valid address. */
export function evmAddressBytes(text: string): Uint8Array {
  return Buffer.from(canonicalEvmAddress(text).slice(2), 'hex')
}
