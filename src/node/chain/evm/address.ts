/**
 * EVM addresses: the last 20 bytes of keccak256 of the uncompressed secp256k1 public key, written
 * as `0x` + 40 hex digits with the EIP-55 mixed-case checksum. Validation follows EIP-55: an
 * all-lower or all-upper address carries no checksum and is accepted; a mixed-case address must
 * carry the right one. The canonical text form (what the store keeps and adapters return) is the
 * checksummed one.
 */
import {SigningKey, computeAddress, getAddress, getBytes, hexlify} from 'ethers'
import {invalid} from '../../errors.js'

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** The checksummed address of a 33-byte compressed (or 65-byte uncompressed) secp256k1 public key. */
export function evmAddressFromPublicKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 33 && publicKey.length !== 65)
    throw invalid(`public key must be 33 or 65 bytes, got ${publicKey.length}`)
  return computeAddress(hexlify(publicKey))
}

/** The checksummed address of a 32-byte private key. */
export function evmAddressFromPrivateKey(privateKey: Uint8Array): string {
  if (privateKey.length !== 32) throw invalid(`private key must be 32 bytes, got ${privateKey.length}`)
  return computeAddress(new SigningKey(privateKey))
}

/**
 * True for `0x` + 40 hex digits that are all-lower, all-upper or correctly EIP-55 checksummed.
 * ICAP (`XE…`) and unprefixed forms, which ethers would also accept, are refused.
 */
export function isEvmAddress(text: string): boolean {
  if (!HEX_ADDRESS.test(text)) return false
  try {
    getAddress(text)
    return true
  } catch {
    return false
  }
}

/** The canonical (checksummed) form of a valid address; throws `invalid_argument` otherwise. */
export function canonicalEvmAddress(text: string): string {
  if (!isEvmAddress(text)) throw invalid(`not an EVM address (0x + 40 hex digits, EIP-55 checksum when mixed-case): ${text}`)
  return getAddress(text)
}

/** The 20 address bytes of a valid address. */
export function evmAddressBytes(text: string): Uint8Array {
  return getBytes(canonicalEvmAddress(text))
}
