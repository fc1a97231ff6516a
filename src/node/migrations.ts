/**
 * Numbered migrations, applied in order at start. Each module owns the SQL of its tables
 * (`<module>/schema.ts`); this list, at the composition root, only orders them and hands them to
 * the store (store/database.ts), which imports no module. Never edit a released migration: add one.
 */
import {assetNetworkChainSchema, assetNetworkReplaceSchema, assetsSchema} from './assets/schema.js'
import {tiersSchema} from './tiers/schema.js'
import {tickersSchema} from './tickers/schema.js'
import {ledgerSchema, ledgerWritePathSchema} from './ledger/schema.js'
import {accountsSchema} from './accounts/schema.js'
import {authSchema, secretsBindingSchema} from './auth/schema.js'
import {alertsSchema} from './alerts/schema.js'
import {apiKeysSchema} from './apikeys/schema.js'
import {orderFillsSchema, ordersChecksSchema, ordersSchema, orderStopsSchema, tradeSeqIndexSchema} from './orders/schema.js'
import {notifySchema, outboxCodeSchema} from './notify/schema.js'
import {identitySchema} from './identity/schema.js'
import {adminsSchema} from './admins/schema.js'
import {btcUtxoSchema, chainAttemptsSchema, chainOperationsSchema, chainSchema, hotTransferWaitingSchema} from './chain/schema.js'
import {p2pSchema} from './p2p/schema.js'
import {clusterEventsSchema} from './cluster/sequencer/schema.js'
import type {Migration} from './store/database.js'

export const migrations: readonly Migration[] = [
  {version: 1, name: 'assets', sql: assetsSchema},
  {version: 2, name: 'tiers', sql: tiersSchema},
  {version: 3, name: 'tickers', sql: tickersSchema},
  {version: 4, name: 'ledger', sql: ledgerSchema},
  {version: 5, name: 'accounts', sql: accountsSchema},
  {version: 6, name: 'auth', sql: authSchema},
  {version: 7, name: 'alerts', sql: alertsSchema},
  {version: 8, name: 'api_keys', sql: apiKeysSchema},
  {version: 9, name: 'orders', sql: ordersSchema},
  {version: 10, name: 'notify', sql: notifySchema},
  {version: 11, name: 'identity', sql: identitySchema},
  {version: 12, name: 'admins', sql: adminsSchema},
  {version: 13, name: 'asset_network_chain', sql: assetNetworkChainSchema},
  {version: 14, name: 'chain', sql: chainSchema},
  {version: 15, name: 'p2p', sql: p2pSchema},
  {version: 16, name: 'ledger_write_path', sql: ledgerWritePathSchema},
  {version: 17, name: 'order_fills', sql: orderFillsSchema},
  {version: 18, name: 'outbox_code', sql: outboxCodeSchema},
  {version: 19, name: 'secrets_binding', sql: secretsBindingSchema},
  {version: 20, name: 'trade_seq_index', sql: tradeSeqIndexSchema},
  {version: 21, name: 'chain_operations', sql: chainOperationsSchema},
  {version: 22, name: 'cluster_events', sql: clusterEventsSchema},
  {version: 23, name: 'asset_network_replace', sql: assetNetworkReplaceSchema},
  {version: 24, name: 'chain_tx_attempts', sql: chainAttemptsSchema},
  {version: 25, name: 'btc_utxos', sql: btcUtxoSchema},
  {version: 26, name: 'hot_transfer_waiting', sql: hotTransferWaitingSchema},
  {version: 27, name: 'orders_checks', sql: ordersChecksSchema, rebuildsTables: true},
  {version: 28, name: 'order_stops', sql: orderStopsSchema},
]
