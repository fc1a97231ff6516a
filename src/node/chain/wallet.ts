/**
 * The exchange's wallet (docs/blockchain.md "Keys and their backup"): one BIP39 seed per data dir, generated
 * on first start or imported by the operator, kept in the store sealed with the data dir's
 * encryption key (like API secrets) and never logged or returned. Every deposit address and hot
 * wallet key derives from it (`keys/derive.ts` has the paths); the seed is unsealed once at start.
 */
import type {Db} from '../store/database.js'
import {invalid, precondition} from '../ground/errors.js'
import {seal, unseal} from '../auth/sealed.js'
import {nowIso} from '../ground/time.js'
import type {Blockchain, ChainNetwork} from './adapter.js'
import {isValidAddress as isValidBitcoinAddress, p2wpkhAddress, type BitcoinNetworkParams} from './btc/address.js'
import {evmAddressFromPublicKey, isEvmAddress} from './evm/address.js'
import {accountExtendedPublicKey, deriveKey, generateMnemonic, importMnemonic, mnemonicToSeed} from './keys/index.js'
import {isTronAddress, tronAddressFromPublicKey} from './tron/address.js'
import type {ChainKey} from './withdrawals/worker.js'

export type WalletInfo = {
  imported: boolean
  createdAt: string
  chains: {blockchain: Blockchain; depositPath: string; depositXpub: string; hotWalletAddress: string}[]
}

type SeedRow = {sealed_mnemonic: string; imported: number; created_at: string}

export const CHAINS: readonly Blockchain[] = ['btc', 'eth', 'tron']

export class Wallet {
  private seed: Uint8Array | undefined
  private readonly hot = new Map<Blockchain, ChainKey>()

  constructor(
    private readonly db: Db,
    private readonly sealKey: Buffer,
    readonly network: ChainNetwork,
    readonly bitcoin: BitcoinNetworkParams,
  ) {}

  /** Creates the seed on a data dir that has none; loads it otherwise. */
  open(): void {
    if (!this.row()) {
      this.db
        .prepare('INSERT INTO wallet_seed (id, sealed_mnemonic, imported, created_at) VALUES (1, ?, 0, ?)')
        .run(seal(this.sealKey, generateMnemonic(24)), nowIso())
    }
    this.load()
  }

  /**
   * Replaces the generated seed with the operator's mnemonic. Refused once any address was issued
   * or any transaction sent from the old seed: their keys would be lost.
   */
  import(mnemonic: unknown): void {
    if (typeof mnemonic !== 'string' || mnemonic.trim() === '') throw invalid('mnemonic is required')
    let normalized: string
    try {
      normalized = importMnemonic(mnemonic)
    } catch {
      throw invalid('mnemonic is not a valid BIP39 phrase (word list or checksum)')
    }
    this.db.transaction(() => {
      const used = this.db
        .prepare<[], {n: number}>(
          `SELECT (SELECT COUNT(*) FROM deposit_addresses) + (SELECT COUNT(*) FROM withdrawals WHERE from_address IS NOT NULL)
             + (SELECT COUNT(*) FROM hot_wallet_transfers) AS n`,
        )
        .get()
      if ((used?.n ?? 0) > 0) {
        throw precondition('the wallet already issued addresses or sent transactions; its seed can no longer be replaced')
      }
      this.db
        .prepare('UPDATE wallet_seed SET sealed_mnemonic = ?, imported = 1, created_at = ? WHERE id = 1')
        .run(seal(this.sealKey, normalized), nowIso())
    })()
    this.load()
  }

  info(): WalletInfo {
    const row = this.requireRow()
    const seed = this.requireSeed()
    return {
      imported: row.imported === 1,
      createdAt: row.created_at,
      chains: CHAINS.map((blockchain) => {
        const account = accountExtendedPublicKey(seed, blockchain, this.network, 'deposit')
        return {
          blockchain,
          depositPath: account.path,
          depositXpub: account.extendedPublicKey,
          hotWalletAddress: this.hotKey(blockchain).address,
        }
      }),
    }
  }

  depositAddress(blockchain: Blockchain, index: number): string {
    return this.depositKey(blockchain, index).address
  }

  depositKey(blockchain: Blockchain, index: number): ChainKey {
    return this.keyAt(blockchain, 'deposit', index)
  }

  hotKey(blockchain: Blockchain): ChainKey {
    let key = this.hot.get(blockchain)
    if (!key) {
      key = this.keyAt(blockchain, 'hot', 0)
      this.hot.set(blockchain, key)
    }
    return key
  }

  /** Form, checksum and network of an address of the chain. */
  isValidAddress(blockchain: Blockchain, address: string): boolean {
    switch (blockchain) {
      case 'btc':
        return isValidBitcoinAddress(address, this.bitcoin)
      case 'eth':
        return isEvmAddress(address)
      case 'tron':
        return isTronAddress(address)
    }
  }

  private keyAt(blockchain: Blockchain, branch: 'deposit' | 'hot', index: number): ChainKey {
    const key = deriveKey(this.requireSeed(), blockchain, this.network, {branch, index})
    return {address: this.addressOf(blockchain, key.publicKey), privateKey: key.privateKey}
  }

  private addressOf(blockchain: Blockchain, publicKey: Uint8Array): string {
    switch (blockchain) {
      case 'btc':
        return p2wpkhAddress(publicKey, this.bitcoin)
      case 'eth':
        return evmAddressFromPublicKey(publicKey)
      case 'tron':
        return tronAddressFromPublicKey(publicKey)
    }
  }

  private load(): void {
    this.seed = mnemonicToSeed(unseal(this.sealKey, this.requireRow().sealed_mnemonic))
    this.hot.clear()
  }

  private requireSeed(): Uint8Array {
    if (!this.seed) throw precondition('the wallet is not open')
    return this.seed
  }

  private row(): SeedRow | undefined {
    return this.db.prepare<[], SeedRow>('SELECT sealed_mnemonic, imported, created_at FROM wallet_seed WHERE id = 1').get()
  }

  private requireRow(): SeedRow {
    const row = this.row()
    if (!row) throw precondition('the wallet has no seed yet')
    return row
  }
}
