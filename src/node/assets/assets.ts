/** Assets (coins and tokens) and the networks each can be deposited and withdrawn on. */
import {randomUUID} from 'node:crypto'
import type {Db} from '../store/database.js'
import {alreadyExists, invalid, notFound} from '../ground/errors.js'
import {isUniqueViolation} from '../store/sqlite-errors.js'
import {nowIso} from '../ground/time.js'
import {requireString, requireUuid} from '../ground/validate.js'
import {
  bootstrapSettings,
  chainSettingsColumns,
  parseChainSettings,
  toChainSettings,
  type ChainSettings,
  type ChainSettingsInput,
  type ChainSettingsRow,
} from './chain-settings.js'

export type Asset = {code: string; name: string; decimals: number; active: boolean}
export type Network = {
  id: string
  asset: string
  network: string
  depositEnabled: boolean
  withdrawEnabled: boolean
} & ChainSettings

type AssetRow = {code: string; name: string; decimals: number; active: number}
type NetworkRow = {
  id: string
  asset: string
  network: string
  deposit_enabled: number
  withdraw_enabled: number
} & ChainSettingsRow

const CODE = /^[A-Z0-9]{2,10}$/
const NETWORK = /^[a-z0-9][a-z0-9_-]{1,31}$/
export const MAX_DECIMALS = 18

const toAsset = (row: AssetRow): Asset => ({code: row.code, name: row.name, decimals: row.decimals, active: row.active === 1})
const toNetwork = (row: NetworkRow): Network => ({
  id: row.id,
  asset: row.asset,
  network: row.network,
  depositEnabled: row.deposit_enabled === 1,
  withdrawEnabled: row.withdraw_enabled === 1,
  ...toChainSettings(row),
})

export class Assets {
  /** Asset codes to rows; assets are read on every money operation, so they are cached. */
  private cache = new Map<string, Asset>()

  constructor(private readonly db: Db) {
    this.reload()
  }

  create(code: unknown, name: unknown, decimals: unknown): void {
    const assetCode = requireCode(code, 'code')
    const assetName = requireString(name, 'name', 64)
    if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
      throw invalid(`decimals must be an integer from 0 to ${MAX_DECIMALS}`)
    }
    try {
      this.db
        .prepare('INSERT INTO assets (code, name, decimals, active, created_at) VALUES (?, ?, ?, 1, ?)')
        .run(assetCode, assetName, decimals, nowIso())
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyExists(`asset ${assetCode} already exists`)
      throw error
    }
    this.reload()
  }

  update(code: unknown, name: unknown): void {
    const asset = this.require(code, 'code')
    this.db.prepare('UPDATE assets SET name = ? WHERE code = ?').run(requireString(name, 'name', 64), asset.code)
    this.reload()
  }

  setActive(code: unknown, active: unknown): void {
    const asset = this.require(code, 'code')
    if (typeof active !== 'boolean') throw invalid('active must be a boolean')
    this.db.prepare('UPDATE assets SET active = ? WHERE code = ?').run(active ? 1 : 0, asset.code)
    this.reload()
  }

  addNetwork(
    asset: unknown,
    network: unknown,
    depositEnabled: unknown,
    withdrawEnabled: unknown,
    settings: ChainSettingsInput = {},
  ): string {
    const {code, decimals} = this.require(asset, 'asset')
    const name = requireString(network, 'network', 32).toLowerCase()
    if (!NETWORK.test(name)) throw invalid('network must be 2 to 32 lower-case letters, digits, "_" or "-"')
    const chain = parseChainSettings(settings, name, decimals, {})
    const id = randomUUID()
    try {
      this.db
        .prepare(
          `INSERT INTO asset_networks (id, asset, network, deposit_enabled, withdraw_enabled, created_at, ${chainSettingsColumns.join(', ')})
           VALUES (?, ?, ?, ?, ?, ?, ${chainSettingsColumns.map(() => '?').join(', ')})`,
        )
        .run(id, code, name, depositEnabled === true ? 1 : 0, withdrawEnabled === true ? 1 : 0, nowIso(), ...chain)
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyExists(`asset ${code} already has network ${name}`)
      throw error
    }
    return id
  }

  /** Updates the flags and chain settings that are given; undefined keeps the current value. */
  updateNetwork(
    networkId: unknown,
    depositEnabled: boolean | undefined,
    withdrawEnabled: boolean | undefined,
    settings: ChainSettingsInput = {},
  ): void {
    const id = requireUuid(networkId, 'network_id')
    const row = this.db.prepare<[string], NetworkRow>('SELECT * FROM asset_networks WHERE id = ?').get(id)
    if (!row) throw notFound(`network ${id} not found`)
    const asset = this.require(row.asset)
    const chain = parseChainSettings(settings, row.network, asset.decimals, row)
    this.db
      .prepare(
        `UPDATE asset_networks SET deposit_enabled = ?, withdraw_enabled = ?, ${chainSettingsColumns.map((c) => `${c} = ?`).join(', ')}
         WHERE id = ?`,
      )
      .run(
        depositEnabled === undefined ? row.deposit_enabled : depositEnabled ? 1 : 0,
        withdrawEnabled === undefined ? row.withdraw_enabled : withdrawEnabled ? 1 : 0,
        ...chain,
        id,
      )
  }

  /** The network of an asset by name, or undefined. */
  network(asset: string, network: string): Network | undefined {
    const row = this.db
      .prepare<[string, string], NetworkRow>('SELECT * FROM asset_networks WHERE asset = ? AND network = ?')
      .get(asset, network)
    return row && toNetwork(row)
  }

  list(includeInactive: boolean): Asset[] {
    return [...this.cache.values()].filter((asset) => includeInactive || asset.active)
  }

  /** Networks, optionally of one asset (which must exist). */
  networks(asset?: string): Network[] {
    if (asset) {
      const {code} = this.require(asset, 'asset')
      return this.db
        .prepare<[string], NetworkRow>('SELECT * FROM asset_networks WHERE asset = ? ORDER BY network')
        .all(code)
        .map(toNetwork)
    }
    return this.db.prepare<[], NetworkRow>('SELECT * FROM asset_networks ORDER BY asset, network').all().map(toNetwork)
  }

  get(code: string): Asset | undefined {
    return this.cache.get(code)
  }

  /** The asset with this code, or NOT_FOUND; validates the code. */
  require(code: unknown, field = 'asset'): Asset {
    const assetCode = requireCode(code, field)
    const asset = this.cache.get(assetCode)
    if (!asset) throw notFound(`asset ${assetCode} not found`)
    return asset
  }

  /** Creates BTC, ETH, TRX and USDT with their networks on a fresh store (token contracts on mainnet only). */
  bootstrap(chainNetwork = 'mainnet'): void {
    if (this.cache.size > 0) return
    const seed: [string, string, number, string[]][] = [
      ['BTC', 'Bitcoin', 8, ['btc']],
      ['ETH', 'Ethereum', 18, ['eth']],
      ['TRX', 'Tron', 6, ['tron']],
      ['USDT', 'Tether USD', 6, ['eth', 'tron']],
    ]
    for (const [code, name, decimals, networks] of seed) {
      this.create(code, name, decimals)
      for (const network of networks) this.addNetwork(code, network, true, true, bootstrapSettings(code, network, chainNetwork))
    }
  }

  private reload(): void {
    this.cache = new Map(
      this.db
        .prepare<[], AssetRow>('SELECT code, name, decimals, active FROM assets ORDER BY code')
        .all()
        .map((row) => [row.code, toAsset(row)]),
    )
  }
}

function requireCode(value: unknown, field: string): string {
  const code = requireString(value, field, 10).toUpperCase()
  if (!CODE.test(code)) throw invalid(`${field} must be 2 to 10 letters or digits`)
  return code
}
