/**
 * The blockchain module as the transports see it (BlockchainService, HotWalletsService, the user
 * endpoints, docs/blockchain.md "User endpoints"): deposit addresses, top-ups, withdrawals, hot wallets, the deny-list
 * and the wallet seed. It owns the per-chain scanners and workers and runs them while the node runs.
 */
import type {Accounts} from '../accounts/accounts.js'
import type {Alerts} from '../alerts/alerts.js'
import type {Assets} from '../assets/assets.js'
import type {Ledger} from '../ledger/ledger.js'
import type {Logger} from '../ground/logger.js'
import type {Db} from '../store/database.js'
import type {Tiers} from '../tiers/tiers.js'
import {ExchangeError, invalid, notFound} from '../ground/errors.js'
import {parseAmount, parsePositiveAmount} from '../ground/money.js'
import type {Blockchain, ChainAdapter} from './adapter.js'
import {bitcoinParams, type ChainConfig} from './connections.js'
import {DenyList} from './deposits/deny-list.js'
import {DepositAddresses} from './deposits/addresses.js'
import {HotTransfers, type HotTransferRow} from './hot-wallets/transfers.js'
import {HotWalletWorker, type HotAsset} from './hot-wallets/worker.js'
import {DepositScanner} from './deposits/scanner.js'
import {TopUps} from './deposits/top-ups.js'
import {addressKey} from './address-key.js'
import {chainAssetsOf, hotWalletBalances, type HotWalletBalance, type NetworkAsset} from './chain-assets.js'
import {bookChainFee, bookColdStorage} from './hot-wallets/chain-fees.js'
import {ChainLoop} from './chain-loop.js'
import {raiseDeficits, reconcileChain, type Reconciliation} from './reconcile.js'
import {TokenDecimals} from './tokens.js'
import {UtxoSet} from './transactions/utxo-set.js'
import {toChainUnitsOrNull} from './units.js'
import {Wallet} from './wallet.js'
import {WithdrawalWorker} from './withdrawals/worker.js'
import {requireBlockchain} from './withdrawals/request.js'
import {Withdrawals} from './withdrawals/withdrawals.js'

export type BlockchainDeps = {
  db: Db
  ledger: Ledger
  accounts: Accounts
  assets: Assets
  tiers: Tiers
  alerts: Alerts
  logger: Logger
  sealKey: Buffer
  config: ChainConfig
}

type Runner = {scanner: DepositScanner; withdrawals: WithdrawalWorker; hot: HotWalletWorker}

export class Blockchains {
  readonly wallet: Wallet
  readonly denyList: DenyList
  readonly addresses: DepositAddresses
  readonly topUps: TopUps
  readonly withdrawals: Withdrawals
  readonly hotTransfers: HotTransfers
  readonly tokens: TokenDecimals
  private adapters = new Map<Blockchain, ChainAdapter>()
  private readonly runners = new Map<Blockchain, Runner>()
  private readonly loops = new Map<Blockchain, ChainLoop>()

  constructor(private readonly deps: BlockchainDeps) {
    const {db, ledger, alerts, accounts, assets, tiers, config} = deps
    this.wallet = new Wallet(db, deps.sealKey, config.network, bitcoinParams(config))
    this.denyList = new DenyList(db)
    this.addresses = new DepositAddresses(db, (blockchain, index) => this.wallet.depositAddress(blockchain, index))
    this.topUps = new TopUps(db, ledger, alerts, this.denyList)
    this.hotTransfers = new HotTransfers(db)
    this.tokens = new TokenDecimals(db, deps.logger)
    this.withdrawals = new Withdrawals({
      db,
      ledger,
      accounts,
      assets,
      tiers,
      alerts,
      connected: (blockchain) => this.adapters.has(blockchain),
      isValidAddress: (blockchain, address) => this.wallet.isValidAddress(blockchain, address),
      fitsChainUnit: (blockchain, asset, amount) => this.fitsChainUnit(blockchain, asset, amount),
      isOwnAddress: (blockchain, address) => this.isOwnAddress(blockchain, address),
      chargeFee: (blockchain, referenceId, units) => this.chargeFee(blockchain, referenceId, units),
    })
  }

  /** Opens the wallet (creating its seed on a fresh data dir) and starts a runner per connected chain. */
  /**
   * Opens the wallet (creating its seed on a fresh data dir), checks each chain node's network
   * (a mismatch refuses the start) and starts one loop per connected chain.
   */
  async start(adapters: Map<Blockchain, ChainAdapter>): Promise<void> {
    this.wallet.open()
    this.adapters = adapters
    for (const [blockchain, adapter] of adapters) {
      // A UTXO chain's balances and coin selection come from the set the scanner keeps (no scantxoutset).
      const utxos = adapter.useUtxoSet ? new UtxoSet(this.deps.db) : undefined
      if (utxos) adapter.useUtxoSet?.(utxos)
      const runner = this.runner(blockchain, adapter, utxos)
      this.runners.set(blockchain, runner)
      const loop = new ChainLoop({
        blockchain,
        adapter,
        network: this.deps.config.network,
        prepare: async () => {
          await utxos?.importOnce(adapter, () => this.chainAddresses(blockchain), this.deps.logger)
          await this.tokens.read(adapter, this.tokenContracts(blockchain))
        },
        steps: [runner.scanner, runner.withdrawals, runner.hot],
        alerts: this.deps.alerts,
        logger: this.deps.logger,
        pollMs: this.deps.config.pollMs ?? 5_000,
      })
      await loop.verify(true)
      this.loops.set(blockchain, loop)
    }
    for (const loop of this.loops.values()) loop.start()
  }

  async stop(): Promise<void> {
    await Promise.all([...this.loops.values()].map((loop) => loop.stop()))
  }

  /** One pass of every chain's loop, side by side (tests drive the chains with this instead of the timers). */
  async runOnce(): Promise<void> {
    await Promise.all([...this.loops.values()].map((loop) => loop.pass()))
  }

  /**
   * Committed changes of an account's funding balance made by the chains: a deposit credited or
   * reversed, a withdrawal held, settled or released (the WS user stream's `balance_update`).
   */
  onBalance(listener: (event: {accountId: string; asset: string; reason: string}) => void): () => void {
    const offDeposits = this.topUps.onBalance(listener)
    const offWithdrawals = this.withdrawals.onChange((withdrawal) =>
      listener({accountId: withdrawal.accountId, asset: withdrawal.asset, reason: `withdrawal_${withdrawal.status}`}),
    )
    return () => {
      offDeposits()
      offWithdrawals()
    }
  }

  connected(): Blockchain[] {
    return [...this.adapters.keys()]
  }

  adapter(blockchain: Blockchain): ChainAdapter {
    const adapter = this.adapters.get(blockchain)
    if (!adapter) throw new ExchangeError('unavailable', `no ${blockchain} node is connected to this exchange`)
    return adapter
  }

  /** The account's deposit address for an asset's network (GetDepositAddress, GET /deposits/address/). */
  depositAddress(accountId: string, blockchainName: unknown, assetCode: unknown): {address: string; blockchain: Blockchain} {
    const account = this.deps.accounts.requireById(accountId)
    const blockchain = requireBlockchain(blockchainName)
    if (assetCode !== undefined && assetCode !== '') {
      const asset = this.deps.assets.require(assetCode)
      const network = this.deps.assets.network(asset.code, blockchain)
      if (!network) throw notFound(`${asset.code} has no ${blockchain} network`)
      if (!network.depositEnabled)
        throw new ExchangeError('failed_precondition', `deposits of ${asset.code} on ${blockchain} are disabled`)
    }
    return {address: this.addresses.addressOf(account.id, blockchain).address, blockchain}
  }

  /** Releases a held top-up (AML): credited when confirmed enough, else pending again. */
  releaseTopUp(topUpId: unknown): ReturnType<TopUps['get']> {
    const topUp = this.topUps.get(String(topUpId ?? ''))
    const network = this.deps.assets.network(topUp.asset, topUp.blockchain)
    const height = this.runners.get(topUp.blockchain)?.scanner.processedHeight() ?? 0
    return this.topUps.release(topUp.id, height, network?.confirmations ?? 1)
  }

  /**
   * Hot wallets with their on-chain balance per asset (ListHotWallets). A balance that cannot be
   * read is reported for that asset alone (`balance` empty, `error` why), never as a failure of the list.
   */
  async hotWallets(blockchainName?: unknown): Promise<HotWalletBalance[]> {
    const chains = blockchainName ? [requireBlockchain(blockchainName)] : this.connected()
    if (chains.length === 0) throw new ExchangeError('unavailable', 'no chain is connected to this exchange')
    const wallets: HotWalletBalance[] = []
    for (const blockchain of chains) {
      const address = this.wallet.hotKey(blockchain).address
      const assets = this.chainAssets(blockchain, true)
      wallets.push(
        ...(await hotWalletBalances(this.adapter(blockchain), blockchain, address, assets, this.tokens, this.deps.logger)),
      )
    }
    return wallets
  }

  /** Reads a connected chain's blocks again from `fromHeight` (RescanDeposits); deposits stay credited once. */
  rescan(blockchainName: unknown, fromHeight: unknown): {blockchain: Blockchain; fromHeight: number; toHeight: number} {
    const blockchain = requireBlockchain(blockchainName)
    const runner = this.runners.get(blockchain)
    if (!runner) throw new ExchangeError('unavailable', `no ${blockchain} node is connected to this exchange`)
    const height = typeof fromHeight === 'string' && /^\d+$/.test(fromHeight) ? Number(fromHeight) : fromHeight
    if (typeof height !== 'number') throw invalid('from_height must be a block height')
    return {blockchain, ...runner.scanner.requestRescan(height)}
  }

  /**
   * Per connected chain (or the one named) and asset: on-chain holdings against the ledger's
   * liabilities (`reconcile.ts`). A deficit raises a critical `reconcile_deficit` alert.
   */
  async reconcile(blockchainName?: unknown): Promise<Reconciliation[]> {
    const chains = blockchainName ? [requireBlockchain(blockchainName)] : this.connected()
    if (chains.length === 0) throw new ExchangeError('unavailable', 'no chain is connected to this exchange')
    const report: Reconciliation[] = []
    for (const blockchain of chains) {
      const adapter = this.adapter(blockchain)
      report.push(
        ...(await reconcileChain({
          db: this.deps.db,
          adapter,
          blockchain,
          assets: this.chainAssets(blockchain),
          addresses: this.chainAddresses(blockchain),
          // btc balances are those of the blocks scanned (the UTXO set), not of the node's tip.
          balancesAt: adapter.useUtxoSet ? this.runners.get(blockchain)?.scanner.processedHeight() : undefined,
        })),
      )
    }
    raiseDeficits(this.deps.alerts, (asset) => this.deps.assets.get(asset)?.decimals ?? 0, report)
    return report
  }

  /** Queues a transfer from a hot wallet to any address (TransferAsset). */
  transferAsset(input: {
    fromAddress: unknown
    toAddress: unknown
    blockchain: unknown
    asset: unknown
    amount: unknown
  }): HotTransferRow {
    const blockchain = requireBlockchain(input.blockchain)
    this.adapter(blockchain)
    const asset = this.deps.assets.require(input.asset)
    const network = this.deps.assets.network(asset.code, blockchain)
    if (!network) throw notFound(`${asset.code} has no ${blockchain} network`)
    const hot = this.wallet.hotKey(blockchain).address
    if (input.fromAddress !== hot) throw invalid(`from_address must be the ${blockchain} hot wallet, ${hot}`)
    const to = String(input.toAddress ?? '')
    if (!this.wallet.isValidAddress(blockchain, to)) throw invalid(`to_address is not a valid ${blockchain} address`)
    if (this.isOwnAddress(blockchain, to))
      throw invalid('to_address belongs to this exchange; sweeping moves deposits to the hot wallet')
    const amount = parsePositiveAmount(input.amount, asset.decimals)
    if (!this.fitsChainUnit(blockchain, asset.code, amount))
      throw invalid(`amount is finer than the ${blockchain} unit of ${asset.code}`)
    return this.hotTransfers.create({kind: 'transfer', blockchain, asset: asset.code, amount, from: hot, to})
  }

  /** The hot wallet and every deposit address of a chain. */
  private chainAddresses(blockchain: Blockchain): string[] {
    return [this.wallet.hotKey(blockchain).address, ...this.addresses.all(blockchain).map((entry) => entry.address)]
  }

  private runner(blockchain: Blockchain, adapter: ChainAdapter, utxos: UtxoSet | undefined): Runner {
    const {db, logger, alerts, ledger} = this.deps
    const floors = this.deps.config.hotWalletFloors ?? {}
    return {
      scanner: new DepositScanner({
        blockchain,
        adapter,
        db,
        topUps: this.topUps,
        addresses: this.addresses,
        assets: () => this.chainAssets(blockchain).filter((asset) => asset.depositEnabled),
        own: (address) => this.isOwnAddress(blockchain, address),
        utxos,
        startHeight: this.deps.config.startHeights?.[blockchain],
        logger,
      }),
      withdrawals: new WithdrawalWorker({
        blockchain,
        adapter,
        db,
        withdrawals: this.withdrawals,
        hotKey: () => this.wallet.hotKey(blockchain),
        asset: (code) => this.chainAssets(blockchain).find((asset) => asset.asset === code),
        alerts,
        logger,
      }),
      hot: new HotWalletWorker({
        blockchain,
        adapter,
        db,
        transfers: this.hotTransfers,
        addresses: this.addresses,
        alerts,
        hotKey: () => this.wallet.hotKey(blockchain),
        depositKey: (index) => this.wallet.depositKey(blockchain, index),
        assets: () =>
          this.chainAssets(blockchain).map((asset): HotAsset => ({
            ...asset,
            floor: floors[asset.asset] === undefined ? undefined : parseAmount(floors[asset.asset], asset.decimals),
          })),
        booked: (row) => bookColdStorage(ledger, row),
        chargeFee: (referenceId, units) => this.chargeFee(blockchain, referenceId, units),
        logger,
        sweep: this.deps.config.sweep,
      }),
    }
  }

  /** The chain's asset networks with what scanners and workers need (chain-assets.ts). */
  private chainAssets(blockchain: Blockchain, withUnset = false): NetworkAsset[] {
    return chainAssetsOf(this.deps.assets, this.tokens, blockchain, withUnset)
  }

  /** Whether the exchange holds the key of an address: the chain's hot wallet or one of its deposit addresses. */
  isOwnAddress(blockchain: Blockchain, address: string): boolean {
    return (
      this.addresses.owner(blockchain, address) !== undefined ||
      addressKey(this.wallet.hotKey(blockchain).address) === addressKey(address)
    )
  }

  /** Books a network fee (native base units) the chain's own transaction paid: hot_wallet → chain_fees. */
  private chargeFee(blockchain: Blockchain, referenceId: string, units: bigint): void {
    const native = this.chainAssets(blockchain).find((asset) => asset.contract === null)
    if (!native || native.unit === null) {
      this.deps.logger.warn(
        {blockchain, reference_id: referenceId},
        'the chain has no native asset network: a network fee is not booked',
      )
      return
    }
    bookChainFee(this.deps.ledger, {asset: native.asset, decimals: native.decimals, unit: native.unit}, referenceId, units)
  }

  private tokenContracts(blockchain: Blockchain): string[] {
    return this.chainAssets(blockchain).flatMap((asset) => (asset.contract === null ? [] : [asset.contract]))
  }

  /** Whether an amount of the asset can be sent exactly in the chain's unit (true while a token's decimals are unknown: sending waits for them). */
  private fitsChainUnit(blockchain: Blockchain, asset: string, amount: bigint): boolean {
    const entry = this.chainAssets(blockchain).find((candidate) => candidate.asset === asset)
    return entry?.unit === null || entry === undefined || toChainUnitsOrNull(amount, entry.unit, entry.decimals) !== null
  }
}
