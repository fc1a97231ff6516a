/**
 * The plain-SQLite floor of bench/durable: what better-sqlite3 alone commits per second on this
 * disk when each command writes the least a durable order can write — one row of the node's real
 * `orders` table (its schema and indexes, from src/node/orders/schema.ts) and one UPDATE of one row
 * of the node's `balances` table (src/node/ledger/schema.ts) — with the node's connection settings
 * (WAL, synchronous=FULL, foreign keys on) and its time-ordered ids, in windows of commands that
 * each commit as one transaction before the next starts. No matching, no ledger journal, no checks.
 *
 * The tables the schema refers to but does not create (accounts, tickers) are stubs holding only
 * the referenced key, so every foreign-key check still finds its parent by primary key.
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import {product} from './product.js'

const {timeOrderedId} = await product<typeof import('../../src/node/ground/ids.js')>('node/ground/ids.js')
const {ledgerSchema} = await product<typeof import('../../src/node/ledger/schema.js')>('node/ledger/schema.js')
const {ordersSchema, orderFillsSchema, tradeSeqIndexSchema, ordersChecksSchema} =
  await product<typeof import('../../src/node/orders/schema.js')>('node/orders/schema.js')

/** One command as the floor writes it: the order's owner and terms, and the balance its hold moves. */
export type FloorCommand = {
  accountId: string
  side: 'buy' | 'sell'
  timeInForce: 'GTC' | 'IOC'
  priceTicks: number
  qtyLots: number
  /** Asset held by the order, whose balance row is updated. */
  heldAsset: string
  /** Minor units moved from available to locked. */
  held: bigint
}

export type FloorRun = {commands: number; seconds: number; transactions: number}

type ForeignKey = {table: string; from: string; to: string}

export class SqliteFloor {
  readonly file: string
  private readonly db: Database.Database
  private readonly insertOrder: Database.Statement
  private readonly updateBalance: Database.Statement
  private readonly begin: Database.Statement
  private readonly commit: Database.Statement
  /** Balance rows by `${balanceAccountId}\u0000${asset}`: [available, locked], written through. */
  private readonly balances = new Map<string, [bigint, bigint]>()
  private clientOrderSeq = 0

  /** A fresh store file in `dataDir` with the orders and ledger tables, `accounts` funded in `assets`. */
  constructor(dataDir: string, ticker: string, accounts: string[], assets: Record<string, bigint>) {
    this.file = path.join(dataDir, 'floor.db')
    fs.rmSync(this.file, {force: true})
    const db = (this.db = new Database(this.file))
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    // The orders table as the node's migrations leave it (9, 17, 20, 27: the last rebuilds it, so with foreign keys off).
    db.pragma('foreign_keys = OFF')
    for (const sql of [ordersSchema, orderFillsSchema, tradeSeqIndexSchema, ordersChecksSchema]) db.exec(sql)
    db.pragma('foreign_keys = ON')
    db.exec(ledgerSchema)
    const now = new Date().toISOString()
    db.transaction(() => {
      const keys = [...foreignKeys(db, 'orders'), ...foreignKeys(db, 'balances')]
      const seeds: Record<string, string[]> = {account_id: accounts, ticker: [ticker]}
      for (const key of keys) {
        if (exists(db, key.table)) continue
        db.exec(`CREATE TABLE ${key.table} (${key.to} TEXT PRIMARY KEY)`)
        const insert = db.prepare(`INSERT INTO ${key.table} (${key.to}) VALUES (?)`)
        for (const value of seeds[key.from] ?? []) insert.run(value)
      }
      const account = db.prepare(`INSERT INTO balance_accounts (id, owner_id, kind, created_at) VALUES (?, ?, 'trading', ?)`)
      const balance = db.prepare(`INSERT INTO balances (balance_account_id, asset, available, locked) VALUES (?, ?, ?, '0')`)
      for (const id of accounts) {
        account.run(id, id, now)
        for (const [asset, amount] of Object.entries(assets)) {
          balance.run(id, asset, String(amount))
          this.balances.set(`${id}\u0000${asset}`, [amount, 0n])
        }
      }
    })()
    this.insertOrder = db.prepare(
      `INSERT INTO orders (id, account_id, client_order_id, ticker, side, type, time_in_force, post_only, price_ticks,
         qty_lots, filled_lots, held_asset, held, status, reason, created_at, updated_at)
       VALUES (?, ?, ?, '${ticker}', ?, 'limit', ?, 0, ?, ?, 0, ?, ?, 'open', NULL, ?, ?)`,
    )
    this.updateBalance = db.prepare(`UPDATE balances SET available = ?, locked = ? WHERE balance_account_id = ? AND asset = ?`)
    this.begin = db.prepare('BEGIN IMMEDIATE')
    this.commit = db.prepare('COMMIT')
  }

  /** Writes `commands` in transactions of `window` commands, each committed before the next begins. */
  run(commands: readonly FloorCommand[], window: number): FloorRun {
    let transactions = 0
    const started = process.hrtime.bigint()
    for (let from = 0; from < commands.length; from += window) {
      const to = Math.min(from + window, commands.length)
      this.begin.run()
      for (let i = from; i < to; i++) this.write(commands[i]!)
      this.commit.run()
      transactions++
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9
    return {commands: commands.length, seconds, transactions}
  }

  /** The connection's settings as SQLite reports them. */
  settings(): string {
    const read = (name: string) => `${name}=${String(this.db.pragma(name, {simple: true}))}`
    return `${read('journal_mode')}, ${read('synchronous')} (2 = FULL), ${read('foreign_keys')}`
  }

  close(): void {
    this.db.close()
  }

  private write(c: FloorCommand): void {
    const now = new Date().toISOString()
    const held = String(c.held)
    this.insertOrder.run(
      timeOrderedId(),
      c.accountId,
      `f${++this.clientOrderSeq}`,
      c.side,
      c.timeInForce,
      c.priceTicks,
      c.qtyLots,
      c.heldAsset,
      held,
      now,
      now,
    )
    const balance = this.balances.get(`${c.accountId}\u0000${c.heldAsset}`)!
    balance[0] -= c.held
    balance[1] += c.held
    this.updateBalance.run(String(balance[0]), String(balance[1]), c.accountId, c.heldAsset)
  }
}

function foreignKeys(db: Database.Database, table: string): ForeignKey[] {
  return db.pragma(`foreign_key_list(${table})`) as ForeignKey[]
}

function exists(db: Database.Database, table: string): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined
}
