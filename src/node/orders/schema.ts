/**
 * Orders and trades. Prices and quantities are kept both as integer ticks/lots (what the engine
 * and SQL aggregates use) and as the decimal strings shown to users. `held` is the part of the
 * order's reservation not yet consumed by trades (minor units, bigint as TEXT; over an account's open
 * orders it sums to its trading balance's `locked`, docs/ledger.md "Money is never lost"), given back when the order ends. `seq` is the engine's order id and the time priority of resting orders.
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
 * sequence (`fromId`, docs/binance-compat.md "Public REST (/api/v3/...)"). The sequence itself is the table's primary key, so every
 * stored trade already has one.
 */
export const tradeSeqIndexSchema = `
CREATE INDEX trades_ticker_seq ON trades (ticker, seq);
`

/**
 * The orders table again, with its CHECKs written as comparisons. SQLite evaluates `x IN (…)` of
 * three or more constants by building a temporary B-tree of the list in every run of the statement:
 * written as lists, the time-in-force and status checks do that twice per order insert and once per
 * status update, ~2–6 µs of an insert that costs ~9 µs without them (docs/performance.md "What a
 * durable order writes").
 * `x = 'a' OR x = 'b' …` accepts exactly the same values and costs a few comparisons. A CHECK cannot be
 * altered, so the table is rebuilt (SQLite's own procedure: a migration with `rebuildsTables`, run
 * with foreign keys off and checked after), its columns, keys and indexes as they were — but one:
 *
 * The (account, client order id) pair is unique through a partial index of the orders that have a
 * client id, `orders_client_id`, instead of a table constraint that indexed every order, NULLs
 * included. A NULL is never equal to another, so the same orders are accepted and refused; an
 * order without a client id writes one B-tree entry less, on a key that begins with its account's
 * 36 characters (~1.3 µs of an insert's ~11, docs/performance.md "What a durable order writes").
 * The look-up of a client id (`account_id = ? AND client_order_id = ?`) implies `client_order_id IS
 * NOT NULL`, so SQLite answers it from the partial index, as the start's scan of the client ids.
 */
export const ordersChecksSchema = `
CREATE TABLE orders_rebuilt (
  seq             INTEGER PRIMARY KEY,
  id              TEXT NOT NULL UNIQUE,
  account_id      TEXT NOT NULL REFERENCES accounts(id),
  client_order_id TEXT,
  ticker          TEXT NOT NULL REFERENCES tickers(symbol),
  side            TEXT NOT NULL CHECK (side = 'buy' OR side = 'sell'),
  type            TEXT NOT NULL CHECK (type = 'limit' OR type = 'market'),
  time_in_force   TEXT NOT NULL CHECK (time_in_force = 'GTC' OR time_in_force = 'IOC' OR time_in_force = 'FOK'),
  post_only       INTEGER NOT NULL DEFAULT 0,
  price_ticks     INTEGER NOT NULL,
  qty_lots        INTEGER NOT NULL,
  filled_lots     INTEGER NOT NULL DEFAULT 0,
  held_asset      TEXT NOT NULL,
  held            TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status = 'open' OR status = 'partial' OR status = 'filled' OR status = 'cancelled'),
  reason          TEXT,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  filled_notional TEXT NOT NULL DEFAULT '0'
);
INSERT INTO orders_rebuilt (seq, id, account_id, client_order_id, ticker, side, type, time_in_force, post_only, price_ticks,
  qty_lots, filled_lots, held_asset, held, status, reason, created_at, updated_at, filled_notional)
SELECT seq, id, account_id, client_order_id, ticker, side, type, time_in_force, post_only, price_ticks,
  qty_lots, filled_lots, held_asset, held, status, reason, created_at, updated_at, filled_notional
FROM orders;
DROP TABLE orders;
ALTER TABLE orders_rebuilt RENAME TO orders;
CREATE INDEX orders_resting ON orders (ticker, seq) WHERE status IN ('open', 'partial');
CREATE INDEX orders_account ON orders (account_id, seq);
CREATE UNIQUE INDEX orders_client_id ON orders (account_id, client_order_id) WHERE client_order_id IS NOT NULL;
`

/**
 * What an order may carry beyond a plain limit or market order, each NULL on the orders that do not
 * (their inserts stay as they were, the NULLs costing nothing to bind): a stop order's stop price
 * and direction (`rise`: triggers when the last price reaches it from below; `fall`: from above) and
 * the time it triggered (NULL while it waits, out of the book, docs/trading.md "Stop orders"); a
 * market buy's quote budget (minor units); a self-trade prevention mode other than the default.
 */
export const orderStopsSchema = `
ALTER TABLE orders ADD COLUMN stop_ticks INTEGER;
ALTER TABLE orders ADD COLUMN stop_trigger TEXT CHECK (stop_trigger = 'rise' OR stop_trigger = 'fall');
ALTER TABLE orders ADD COLUMN working_at TEXT;
ALTER TABLE orders ADD COLUMN quote_budget TEXT;
ALTER TABLE orders ADD COLUMN self_trade TEXT;
`
