/** Identity users: who signed up through the gateway, with their own password hash and their exchange account. */
import {randomUUID} from 'node:crypto'
import type {Db} from '../store/database.js'
import {nowIso} from '../ground/time.js'

export type User = {
  id: string
  email: string
  phone: string
  /** scrypt hash of the user's password (never the exchange account's credential). */
  passwordHash: string
  accountId: string
  createdAt: string
}

type UserRow = {id: string; email: string; phone: string; password_hash: string; account_id: string; created_at: string}

const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  phone: row.phone,
  passwordHash: row.password_hash,
  accountId: row.account_id,
  createdAt: row.created_at,
})

export class Users {
  constructor(private readonly db: Db) {}

  byEmail(email: string): User | undefined {
    const row = this.db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?').get(email)
    return row && toUser(row)
  }

  byId(id: string): User | undefined {
    const row = this.db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?').get(id)
    return row && toUser(row)
  }

  byAccountId(accountId: string): User | undefined {
    const row = this.db.prepare<[string], UserRow>('SELECT * FROM users WHERE account_id = ?').get(accountId)
    return row && toUser(row)
  }

  insert(user: {email: string; phone: string; passwordHash: string; accountId: string}): User {
    const id = randomUUID()
    const now = nowIso()
    this.db
      .prepare(
        `INSERT INTO users (id, email, phone, password_hash, account_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, user.email, user.phone, user.passwordHash, user.accountId, now, now)
    return this.byId(id)!
  }
}
