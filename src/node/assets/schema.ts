export const assetsSchema = `
CREATE TABLE assets (
  code       TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  decimals   INTEGER NOT NULL CHECK (decimals BETWEEN 0 AND 18),
  active     INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);
CREATE TABLE asset_networks (
  id               TEXT PRIMARY KEY,
  asset            TEXT NOT NULL REFERENCES assets(code),
  network          TEXT NOT NULL,
  deposit_enabled  INTEGER NOT NULL,
  withdraw_enabled INTEGER NOT NULL,
  created_at       TEXT NOT NULL,
  UNIQUE (asset, network)
);
`
