/**
 * The node's modules over an in-memory SQLite store, with the migrations and the bootstrap a started
 * node runs: for tests of a module that need no listener (no data dir, no ports; in memory the
 * trading writer runs each batch inline, store/writer.ts). The caller closes the store.
 */
import Database from 'better-sqlite3'
import {generateSecrets, type Secrets} from '../../src/node/auth/secrets.js'
import {createLogger, type Logger} from '../../src/node/ground/logger.js'
import {migrations} from '../../src/node/migrations.js'
import {bootstrap, createServices, type Services} from '../../src/node/services.js'
import {migrate, type Db} from '../../src/node/store/database.js'

/** An empty store with the node's schema. */
export function memoryStore(): Db {
  const db = new Database(':memory:')
  db.pragma('foreign_keys = ON')
  migrate(db, migrations)
  return db
}

/** Every service over a fresh in-memory store, bootstrapped as on a node's first start (BTC, ETH, TRX, USDT, three tickers). */
export function memoryServices(options: {logger?: Logger; secrets?: Secrets} = {}): Services {
  const services = createServices(memoryStore(), options.secrets ?? generateSecrets(), options.logger ?? createLogger('silent'))
  bootstrap(services)
  return services
}
