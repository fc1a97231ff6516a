/** The secret is stored encrypted (AES-256-GCM with the data dir's key): HMAC needs it back in clear. */
export const apiKeysSchema = `
CREATE TABLE api_keys (
  id           TEXT PRIMARY KEY,
  account_id   TEXT NOT NULL REFERENCES accounts(id),
  public_key   TEXT NOT NULL UNIQUE,
  secret_enc   TEXT NOT NULL,
  label        TEXT NOT NULL DEFAULT '',
  permissions  TEXT NOT NULL,
  ip_allowlist TEXT NOT NULL DEFAULT '',
  created_at   TEXT NOT NULL,
  last_used_at TEXT
);
CREATE INDEX api_keys_account ON api_keys (account_id);
`
