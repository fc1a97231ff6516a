/**
 * Tables of the blockchain module (docs/blockchain.md "Blockchain: deposits, withdrawals and hot wallets"). Amounts are integer minor units of the asset as
 * TEXT (docs/ledger.md), never the chain's own base unit: the adapters' base units are converted at
 * the edge (`chain/units.ts`).
 */
export const chainSchema = `
CREATE TABLE wallet_seed (
  id              INTEGER PRIMARY KEY CHECK (id = 1),
  sealed_mnemonic TEXT NOT NULL,
  imported        INTEGER NOT NULL,
  created_at      TEXT NOT NULL
);

CREATE TABLE deposit_addresses (
  account_id       TEXT NOT NULL REFERENCES accounts(id),
  blockchain       TEXT NOT NULL,
  address          TEXT NOT NULL,
  derivation_index INTEGER NOT NULL,
  created_at       TEXT NOT NULL,
  PRIMARY KEY (account_id, blockchain),
  UNIQUE (blockchain, derivation_index),
  UNIQUE (blockchain, address)
);

CREATE TABLE chain_blocks (
  blockchain TEXT NOT NULL,
  height     INTEGER NOT NULL,
  hash       TEXT NOT NULL,
  PRIMARY KEY (blockchain, height)
) WITHOUT ROWID;

CREATE TABLE top_ups (
  id             TEXT PRIMARY KEY,
  account_id     TEXT NOT NULL REFERENCES accounts(id),
  blockchain     TEXT NOT NULL,
  asset          TEXT NOT NULL,
  amount         TEXT NOT NULL,
  tx_hash        TEXT NOT NULL,
  tx_index       INTEGER NOT NULL,
  address        TEXT NOT NULL,
  from_address   TEXT,
  block_height   INTEGER NOT NULL,
  block_hash     TEXT NOT NULL,
  status         TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'orphaned', 'held', 'ignored')),
  credited       INTEGER NOT NULL DEFAULT 0,
  detected_at    TEXT NOT NULL,
  updated_at     TEXT NOT NULL,
  UNIQUE (blockchain, tx_hash, tx_index)
);
CREATE INDEX top_ups_account ON top_ups (account_id, detected_at);
CREATE INDEX top_ups_open ON top_ups (blockchain, status) WHERE status IN ('pending', 'held');

CREATE TABLE aml_deny_list (
  address    TEXT PRIMARY KEY,
  reason     TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE withdrawals (
  id                   TEXT PRIMARY KEY,
  account_id           TEXT NOT NULL REFERENCES accounts(id),
  blockchain           TEXT NOT NULL,
  asset                TEXT NOT NULL,
  amount               TEXT NOT NULL,
  fee                  TEXT NOT NULL,
  to_address           TEXT NOT NULL,
  memo                 TEXT NOT NULL DEFAULT '',
  client_withdrawal_id TEXT,
  status               TEXT NOT NULL CHECK (status IN ('pending', 'processing', 'broadcast', 'confirmed', 'failed')),
  needs_approval       INTEGER NOT NULL DEFAULT 0,
  approved_by          TEXT,
  from_address         TEXT,
  nonce                INTEGER,
  tx_hash              TEXT,
  raw_tx               TEXT,
  failure              TEXT,
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL,
  UNIQUE (account_id, client_withdrawal_id)
);
CREATE INDEX withdrawals_account ON withdrawals (account_id, created_at);
CREATE INDEX withdrawals_open ON withdrawals (status) WHERE status IN ('pending', 'processing', 'broadcast');

CREATE TABLE hot_wallet_transfers (
  id           TEXT PRIMARY KEY,
  kind         TEXT NOT NULL CHECK (kind IN ('transfer', 'sweep', 'gas')),
  blockchain   TEXT NOT NULL,
  asset        TEXT NOT NULL,
  amount       TEXT NOT NULL,
  from_address TEXT NOT NULL,
  to_address   TEXT NOT NULL,
  status       TEXT NOT NULL CHECK (status IN ('pending', 'broadcast', 'confirmed', 'failed')),
  nonce        INTEGER,
  tx_hash      TEXT,
  raw_tx       TEXT,
  failure      TEXT,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
);
CREATE INDEX hot_wallet_transfers_open ON hot_wallet_transfers (status) WHERE status IN ('pending', 'broadcast');
`

/**
 * What running chains against real nodes added (issue 22): the decimals each token contract
 * declares, read once from the contract itself; the rescan an operator asked for (`chain_rescans`,
 * the next height to read again); the block the scanner saw each of the exchange's
 * own transactions in (`chain_tx_blocks`: btc finds a mined transaction without `-txindex` through
 * it); and on the exchange's own transactions the network
 * fee known at signing (`network_fee`, btc) and the fee paid and booked to `chain_fees` once the
 * transaction was mined (`fee_paid`), both in the native coin's base units.
 */
export const chainOperationsSchema = `
CREATE TABLE chain_rescans (
  blockchain   TEXT PRIMARY KEY,
  next_height  INTEGER NOT NULL,
  to_height    INTEGER NOT NULL,
  requested_at TEXT NOT NULL
);

CREATE TABLE chain_tx_blocks (
  blockchain TEXT NOT NULL,
  tx_hash    TEXT NOT NULL,
  height     INTEGER NOT NULL,
  block_hash TEXT NOT NULL,
  PRIMARY KEY (blockchain, tx_hash)
) WITHOUT ROWID;

ALTER TABLE withdrawals ADD COLUMN waiting_for TEXT
  CHECK (waiting_for IN ('hot_wallet_funds', 'change_confirming', 'chain_unreachable'));
ALTER TABLE withdrawals ADD COLUMN network_fee TEXT;
ALTER TABLE withdrawals ADD COLUMN fee_paid TEXT;
ALTER TABLE hot_wallet_transfers ADD COLUMN network_fee TEXT;
ALTER TABLE hot_wallet_transfers ADD COLUMN fee_paid TEXT;

CREATE TABLE chain_tokens (
  blockchain TEXT NOT NULL,
  contract   TEXT NOT NULL,
  decimals   INTEGER NOT NULL CHECK (decimals BETWEEN 0 AND 77),
  read_at    TEXT NOT NULL,
  PRIMARY KEY (blockchain, contract)
) WITHOUT ROWID;
`

/**
 * Fee bump (docs/blockchain.md "Withdrawals"): every signed transaction of a withdrawal or hot-wallet
 * transfer is an attempt, stored before its first broadcast. A replacement at a higher fee is the
 * next attempt of the same owner; all attempts of one owner conflict (btc: the same inputs, eth: the
 * same nonce, tron: the earlier one expired), so at most one is ever mined. `signed_height` is the
 * height the chain's scanner had reached when the attempt was stored: the network's
 * `replace_after_blocks` count from it. The owner's `tx_hash`/`raw_tx` are its latest attempt until
 * one is mined, then that one. Transactions signed before this migration become attempt 1.
 */
export const chainAttemptsSchema = `
CREATE TABLE chain_tx_attempts (
  owner_kind    TEXT NOT NULL CHECK (owner_kind IN ('withdrawal', 'transfer')),
  owner_id      TEXT NOT NULL,
  attempt       INTEGER NOT NULL CHECK (attempt >= 1),
  blockchain    TEXT NOT NULL,
  tx_hash       TEXT NOT NULL,
  raw_tx        TEXT NOT NULL,
  network_fee   TEXT,
  signed_height INTEGER NOT NULL,
  created_at    TEXT NOT NULL,
  PRIMARY KEY (owner_kind, owner_id, attempt)
) WITHOUT ROWID;
CREATE UNIQUE INDEX chain_tx_attempts_hash ON chain_tx_attempts (blockchain, tx_hash);

INSERT INTO chain_tx_attempts
  SELECT 'withdrawal', w.id, 1, w.blockchain, w.tx_hash, w.raw_tx, w.network_fee,
    COALESCE((SELECT MAX(b.height) FROM chain_blocks b WHERE b.blockchain = w.blockchain), 0), w.updated_at
  FROM withdrawals w WHERE w.raw_tx IS NOT NULL AND w.tx_hash IS NOT NULL;
INSERT INTO chain_tx_attempts
  SELECT 'transfer', h.id, 1, h.blockchain, h.tx_hash, h.raw_tx, h.network_fee,
    COALESCE((SELECT MAX(b.height) FROM chain_blocks b WHERE b.blockchain = h.blockchain), 0), h.updated_at
  FROM hot_wallet_transfers h WHERE h.raw_tx IS NOT NULL AND h.tx_hash IS NOT NULL;
`

/**
 * The btc UTXO set the node keeps from the blocks it scans (`utxo-set.ts`): every output to one of
 * the exchange's addresses, and the height and transaction that spent it. Satoshi as TEXT.
 * `btc_utxo_state.imported_at` is NULL when the data dir scanned btc before this migration: the set
 * is then imported once from the node (scantxoutset) before it is used.
 */
export const btcUtxoSchema = `
CREATE TABLE btc_utxos (
  txid         TEXT NOT NULL,
  vout         INTEGER NOT NULL,
  address      TEXT NOT NULL,
  satoshi      TEXT NOT NULL,
  height       INTEGER NOT NULL,
  block_hash   TEXT NOT NULL,
  spent_txid   TEXT,
  spent_height INTEGER,
  PRIMARY KEY (txid, vout)
) WITHOUT ROWID;
CREATE INDEX btc_utxos_unspent ON btc_utxos (address) WHERE spent_height IS NULL;

CREATE TABLE btc_utxo_state (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  imported_at TEXT
);
INSERT INTO btc_utxo_state (id, imported_at)
  SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM chain_blocks WHERE blockchain = 'btc') THEN NULL ELSE 'nothing to import' END;
`

/**
 * A TransferAsset waits like a withdrawal (docs/blockchain.md "Hot wallets, sweeping and cold storage"): while the hot wallet is
 * short or the node unreachable it stays `pending` with the reason, and goes when it can.
 */
export const hotTransferWaitingSchema = `
ALTER TABLE hot_wallet_transfers ADD COLUMN waiting_for TEXT;
`
