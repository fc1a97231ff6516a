/**
 * BIP32 derivation of the exchange's keys from the wallet seed (docs/blockchain.md "Key derivation"). One account per use:
 *
 * | chain | deposit addresses (branch `deposit`)  | hot wallet (branch `hot`) |
 * | ----- | ------------------------------------- | ------------------------- |
 * | btc   | BIP84 `m/84'/coin'/0'/0/index`         | `m/84'/coin'/1'/0/0`      |
 * | eth   | BIP44 `m/44'/60'/0'/0/index`           | `m/44'/60'/1'/0/0`        |
 * | tron  | BIP44 `m/44'/195'/0'/0/index`          | `m/44'/195'/1'/0/0`       |
 *
 * btc's coin is 0 on mainnet and 1 on testnet and regtest (SLIP-44). Only @scure/bip32 does the math.
 */
import {HDKey, type Versions} from '@scure/bip32'
import {invalid} from '../../ground/errors.js'
import type {Blockchain, ChainNetwork} from '../adapter.js'

/** Which account of the chain a key belongs to: users' deposit addresses, or the chain's hot wallet. */
export type KeyBranch = 'deposit' | 'hot'

export type KeyLocation = {
  branch: KeyBranch
  /** Address index within the branch; deposit addresses take increasing indexes, the hot wallet is 0. */
  index: number
}

export type DerivedKey = {
  /** 32-byte secp256k1 private key. */
  privateKey: Uint8Array
  /** 33-byte compressed public key. */
  publicKey: Uint8Array
  /** The BIP32 path it was derived at, e.g. "m/84'/0'/0'/0/7". */
  path: string
}

const ACCOUNT: Record<KeyBranch, number> = {deposit: 0, hot: 1}

/** Largest non-hardened child index (BIP32). */
const MAX_INDEX = 0x7fffffff

/**
 * Extended-key version bytes. btc uses SLIP-132's BIP84 versions (zpub/zprv on mainnet, vpub/vprv on
 * testnet and regtest) so a watch-only wallet imports the account as native segwit; eth and tron use
 * plain BIP32 xpub/xprv on every network (their coin type does not change with the network).
 */
const VERSIONS = {
  xpub: {public: 0x0488b21e, private: 0x0488ade4},
  zpub: {public: 0x04b24746, private: 0x04b2430c},
  vpub: {public: 0x045f1cf6, private: 0x045f18bc},
} satisfies Record<string, Versions>

function versionsFor(blockchain: Blockchain, network: ChainNetwork): Versions {
  if (blockchain !== 'btc') return VERSIONS.xpub
  return network === 'mainnet' ? VERSIONS.zpub : VERSIONS.vpub
}

/** The purpose'/coin' prefix of a chain's paths. */
function purposeAndCoin(blockchain: Blockchain, network: ChainNetwork): string {
  switch (blockchain) {
    case 'btc':
      return `84'/${network === 'mainnet' ? 0 : 1}'`
    case 'eth':
      return "44'/60'"
    case 'tron':
      return "44'/195'"
  }
}

/** The account-level path of a branch, e.g. "m/84'/1'/0'" for btc regtest deposits. */
export function accountPath(blockchain: Blockchain, network: ChainNetwork, branch: KeyBranch): string {
  return `m/${purposeAndCoin(blockchain, network)}/${ACCOUNT[branch]}'`
}

/** The full path of one key: account path, external chain 0, then the index. */
export function keyPath(blockchain: Blockchain, network: ChainNetwork, location: KeyLocation): string {
  const {branch, index} = location
  if (!Number.isSafeInteger(index) || index < 0 || index > MAX_INDEX) {
    throw invalid(`key index must be an integer from 0 to ${MAX_INDEX}, got ${index}`)
  }
  if (branch === 'hot' && index !== 0) throw invalid('the hot wallet has one key, at index 0')
  return `${accountPath(blockchain, network, branch)}/0/${index}`
}

function master(seed: Uint8Array, versions: Versions): HDKey {
  if (seed.length < 16 || seed.length > 64) throw invalid(`a BIP32 seed has 16 to 64 bytes, got ${seed.length}`)
  return HDKey.fromMasterSeed(seed, versions)
}

/** The private and compressed public key at a chain's deposit index or hot-wallet slot. */
export function deriveKey(seed: Uint8Array, blockchain: Blockchain, network: ChainNetwork, location: KeyLocation): DerivedKey {
  const path = keyPath(blockchain, network, location)
  const node = master(seed, versionsFor(blockchain, network)).derive(path)
  if (!node.privateKey || !node.publicKey) throw new Error(`derivation at ${path} gave no key`)
  return {privateKey: node.privateKey, publicKey: node.publicKey, path}
}

/**
 * The account-level extended public key of a branch (`exchange wallet show --xpub`): zpub (btc
 * mainnet), vpub (btc testnet/regtest) or xpub (eth, tron). It derives every address of the branch
 * without any private key, for a watch-only wallet or an auditor.
 */
export function accountExtendedPublicKey(
  seed: Uint8Array,
  blockchain: Blockchain,
  network: ChainNetwork,
  branch: KeyBranch = 'deposit',
): {path: string; extendedPublicKey: string} {
  const path = accountPath(blockchain, network, branch)
  return {path, extendedPublicKey: master(seed, versionsFor(blockchain, network)).derive(path).publicExtendedKey}
}

/** The key at any BIP32 path with its xpub (plain BIP32 versions): for tools, and for checking against BIP32's vectors. */
export function deriveAtPath(seed: Uint8Array, path: string): DerivedKey & {extendedPublicKey: string} {
  const node = master(seed, VERSIONS.xpub).derive(path)
  if (!node.privateKey || !node.publicKey) throw new Error(`derivation at ${path} gave no key`)
  return {privateKey: node.privateKey, publicKey: node.publicKey, path, extendedPublicKey: node.publicExtendedKey}
}
