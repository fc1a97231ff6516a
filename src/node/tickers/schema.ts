export const tickersSchema = `
CREATE TABLE tickers (
  symbol       TEXT PRIMARY KEY,
  base_asset   TEXT NOT NULL REFERENCES assets(code),
  quote_asset  TEXT NOT NULL REFERENCES assets(code),
  tick_size    TEXT NOT NULL,
  lot_size     TEXT NOT NULL,
  min_notional TEXT NOT NULL,
  active       INTEGER NOT NULL DEFAULT 1,
  created_at   TEXT NOT NULL
);
`
