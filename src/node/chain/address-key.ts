/**
 * The form in which the module compares and looks up addresses: EVM hex addresses lower-cased (their
 * EIP-55 mixed case is only a checksum), every other form as written (base58 is case-sensitive,
 * bech32 is lower case already).
 */
export function addressKey(address: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address
}
