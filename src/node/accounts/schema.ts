export const accountsSchema = `
CREATE TABLE accounts (
  id                TEXT PRIMARY KEY,
  email             TEXT NOT NULL UNIQUE,
  password_hash     TEXT NOT NULL,
  tier_id           TEXT NOT NULL REFERENCES tiers(id),
  status            TEXT NOT NULL CHECK (status IN ('active', 'restricted', 'blocked')),
  status_comment    TEXT NOT NULL DEFAULT '',
  is_vip            INTEGER NOT NULL DEFAULT 0,
  totp_enabled      INTEGER NOT NULL DEFAULT 0,
  master_account_id TEXT REFERENCES accounts(id),
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL
);
CREATE INDEX accounts_tier ON accounts (tier_id);
`
