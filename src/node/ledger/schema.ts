/**
 * Amounts are integer minor units stored as TEXT (bigint in code): an 18-decimal asset above
 * 9.2 units no longer fits SQLite's 64-bit INTEGER. See docs/ledger.md.
 */
export const ledgerSchema = `
CREATE TABLE balance_accounts (
  id             TEXT PRIMARY KEY,
  owner_id       TEXT,
  kind           TEXT NOT NULL,
  allow_negative INTEGER NOT NULL DEFAULT 0,
  created_at     TEXT NOT NULL
);
CREATE UNIQUE INDEX balance_accounts_owner_kind ON balance_accounts (owner_id, kind) WHERE owner_id IS NOT NULL;
CREATE UNIQUE INDEX balance_accounts_system_kind ON balance_accounts (kind) WHERE owner_id IS NULL;

CREATE TABLE balances (
  balance_account_id TEXT NOT NULL REFERENCES balance_accounts(id),
  asset              TEXT NOT NULL,
  available          TEXT NOT NULL DEFAULT '0',
  locked             TEXT NOT NULL DEFAULT '0',
  PRIMARY KEY (balance_account_id, asset)
) WITHOUT ROWID;

CREATE TABLE ledger_transactions (
  seq             INTEGER PRIMARY KEY,
  id              TEXT NOT NULL UNIQUE,
  type            TEXT NOT NULL,
  reference_id    TEXT,
  idempotency_key TEXT UNIQUE,
  fingerprint     TEXT,
  reason          TEXT,
  operator        TEXT,
  created_at      TEXT NOT NULL
);
CREATE INDEX ledger_transactions_reference ON ledger_transactions (reference_id);

CREATE TABLE ledger_entries (
  id                 INTEGER PRIMARY KEY,
  uid                TEXT NOT NULL UNIQUE,
  tx_seq             INTEGER NOT NULL REFERENCES ledger_transactions(seq),
  balance_account_id TEXT NOT NULL REFERENCES balance_accounts(id),
  asset              TEXT NOT NULL,
  bucket             TEXT NOT NULL CHECK (bucket IN ('available', 'locked')),
  amount             TEXT NOT NULL,
  created_at         TEXT NOT NULL
);
CREATE INDEX ledger_entries_account ON ledger_entries (balance_account_id, id);
CREATE INDEX ledger_entries_tx ON ledger_entries (tx_seq);
`

/**
 * Indexes that no query reads, dropped so that the trading path does not write them with every journal
 * row (docs/performance.md "What a durable order writes"): nothing looks a transaction up by its
 * reference, and entries are read by balance account (their own index) and joined to their
 * transaction by its primary key.
 */
export const ledgerWritePathSchema = `
DROP INDEX ledger_transactions_reference;
DROP INDEX ledger_entries_tx;
`
