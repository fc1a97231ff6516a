/**
 * Tables of the P2P module (docs/p2p.md "Decisions"). Amounts are decimal TEXT of bigint minor units: crypto in
 * the asset's decimals, fiat and prices in FIAT_DECIMALS (2) places. Times are ISO 8601 text;
 * `deadline_ms` (integer ms) is the durable timer of an order's current state.
 */
export const p2pSchema = `
CREATE TABLE p2p_payment_methods (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('bank_transfer', 'fast_payment', 'card', 'other')),
  created_at TEXT NOT NULL
);

CREATE TABLE p2p_reference_rates (
  asset TEXT NOT NULL,
  fiat TEXT NOT NULL,
  rate TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (asset, fiat)
);

CREATE TABLE p2p_user_payment_methods (
  account_id TEXT NOT NULL,
  payment_method TEXT NOT NULL REFERENCES p2p_payment_methods (id),
  details TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (account_id, payment_method)
);

CREATE TABLE p2p_ads (
  id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL UNIQUE,
  maker_id TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('BUY', 'SELL')),
  asset TEXT NOT NULL,
  fiat TEXT NOT NULL,
  price_type TEXT NOT NULL CHECK (price_type IN ('fixed', 'floating')),
  price TEXT,
  premium_pct TEXT,
  min_amount TEXT NOT NULL,
  max_amount TEXT NOT NULL,
  total_amount TEXT NOT NULL,
  remaining_amount TEXT NOT NULL,
  payment_methods TEXT NOT NULL,
  payment_window_minutes INTEGER NOT NULL,
  terms TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status IN ('active', 'paused', 'deleted')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX p2p_ads_market ON p2p_ads (asset, fiat, type, status);

CREATE TABLE p2p_orders (
  id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL UNIQUE,
  advertisement_id TEXT NOT NULL REFERENCES p2p_ads (id),
  asset TEXT NOT NULL,
  fiat TEXT NOT NULL,
  price TEXT NOT NULL,
  amount TEXT NOT NULL,
  fiat_amount TEXT NOT NULL,
  fee TEXT NOT NULL DEFAULT '0',
  buyer_id TEXT NOT NULL,
  seller_id TEXT NOT NULL,
  maker_id TEXT NOT NULL,
  taker_id TEXT NOT NULL,
  payment_method TEXT,
  status TEXT NOT NULL,
  deadline_ms INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX p2p_orders_buyer ON p2p_orders (buyer_id, seq);
CREATE INDEX p2p_orders_seller ON p2p_orders (seller_id, seq);
CREATE INDEX p2p_orders_ad ON p2p_orders (advertisement_id, status);
CREATE INDEX p2p_orders_deadline ON p2p_orders (deadline_ms) WHERE deadline_ms IS NOT NULL;

CREATE TABLE p2p_order_history (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL REFERENCES p2p_orders (id),
  status TEXT NOT NULL,
  at TEXT NOT NULL,
  by TEXT NOT NULL
);
CREATE INDEX p2p_order_history_order ON p2p_order_history (order_id, seq);

CREATE TABLE p2p_messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  order_id TEXT NOT NULL REFERENCES p2p_orders (id),
  sender TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('text', 'file', 'system')),
  text TEXT,
  file_id TEXT UNIQUE,
  file_name TEXT,
  file_type TEXT,
  file_size INTEGER,
  stored_name TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX p2p_messages_order ON p2p_messages (order_id, seq);
CREATE TRIGGER p2p_messages_immutable BEFORE UPDATE ON p2p_messages
BEGIN SELECT RAISE(ABORT, 'chat history is never edited'); END;
CREATE TRIGGER p2p_messages_kept BEFORE DELETE ON p2p_messages
BEGIN SELECT RAISE(ABORT, 'chat history is kept'); END;

CREATE TABLE p2p_disputes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  order_id TEXT NOT NULL UNIQUE REFERENCES p2p_orders (id),
  initiator TEXT NOT NULL,
  reason TEXT NOT NULL,
  arbitrator_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('open', 'assigned', 'decided')),
  winner TEXT CHECK (winner IN ('buyer', 'seller')),
  comment TEXT,
  decided_by TEXT,
  created_at TEXT NOT NULL,
  assigned_at TEXT,
  decided_at TEXT
);

CREATE TABLE p2p_feedback (
  order_id TEXT NOT NULL REFERENCES p2p_orders (id),
  from_id TEXT NOT NULL,
  to_id TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  PRIMARY KEY (order_id, from_id)
);
CREATE INDEX p2p_feedback_to ON p2p_feedback (to_id, created_at);
`
