/**
 * Orders and trades. Prices and quantities are kept both as integer ticks/lots (what the engine
 * and SQL aggregates use) and as the decimal strings shown to users. `held` is the part of the
 * order's reservation not yet consumed by trades (minor units, bigint as TEXT; over an account's open
 * orders it sums to its trading balance's `locked`, CONTRACT §8), given back when the order ends. `seq` is the engine's order id and the time priority of resting orders.
 */
export const ordersSchema = `
CREATE TABLE orders (
  seq             INTEGER PRIMARY KEY,
  id              TEXT NOT NULL UNIQUE,
  account_id      TEXT NOT NULL REFERENCES accounts(id),
  client_order_id TEXT,
  ticker          TEXT NOT NULL REFERENCES tickers(symbol),
  side            TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
  type            TEXT NOT NULL CHECK (type IN ('limit', 'market')),
  time_in_force   TEXT NOT NULL CHECK (time_in_force IN ('GTC', 'IOC', 'FOK')),
  post_only       INTEGER NOT NULL DEFAULT 0,
  price_ticks     INTEGER NOT NULL,
  qty_lots        INTEGER NOT NULL,
  filled_lots     INTEGER NOT NULL DEFAULT 0,
  held_asset      TEXT NOT NULL,
  held            TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('open', 'partial', 'filled', 'cancelled')),
  reason          TEXT,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  UNIQUE (account_id, client_order_id)
);
CREATE INDEX orders_resting ON orders (ticker, seq) WHERE status IN ('open', 'partial');
CREATE INDEX orders_account ON orders (account_id, seq);

CREATE TABLE trades (
  seq              INTEGER PRIMARY KEY,
  id               TEXT NOT NULL UNIQUE,
  ticker           TEXT NOT NULL,
  price_ticks      INTEGER NOT NULL,
  qty_lots         INTEGER NOT NULL,
  quote_amount     TEXT NOT NULL,
  taker_side       TEXT NOT NULL,
  maker_order_seq  INTEGER NOT NULL REFERENCES orders(seq),
  taker_order_seq  INTEGER NOT NULL REFERENCES orders(seq),
  maker_account_id TEXT NOT NULL,
  taker_account_id TEXT NOT NULL,
  maker_fee        TEXT NOT NULL,
  taker_fee        TEXT NOT NULL,
  executed_at      TEXT NOT NULL,
  executed_ms      INTEGER NOT NULL
);
CREATE INDEX trades_ticker_time ON trades (ticker, executed_ms);
CREATE INDEX trades_maker ON trades (maker_account_id, seq);
CREATE INDEX trades_taker ON trades (taker_account_id, seq);
`

/**
 * Each order's Σ price_ticks x qty_lots over its fills, kept with `filled_lots` so that its average
 * fill price (the price shown for a market order, `avg_price`) needs no read of its trades; filled in
 * from the trades already stored.
 */
export const orderFillsSchema = `
ALTER TABLE orders ADD COLUMN filled_notional TEXT NOT NULL DEFAULT '0';
UPDATE orders SET filled_notional = CAST(fills.notional AS TEXT)
FROM (
  SELECT seq, sum(notional) AS notional FROM (
    SELECT maker_order_seq AS seq, price_ticks * qty_lots AS notional FROM trades
    UNION ALL
    SELECT taker_order_seq AS seq, price_ticks * qty_lots AS notional FROM trades
  ) GROUP BY seq
) AS fills
WHERE orders.seq = fills.seq;
`

/**
 * Trades by ticker in sequence order: the Binance-form API pages a ticker's trades by their int64
 * sequence (`fromId`, CONTRACT §11). The sequence itself is the table's primary key, so every
 * stored trade already has one.
 */
export const tradeSeqIndexSchema = `
CREATE INDEX trades_ticker_seq ON trades (ticker, seq);
`
