/**
 * The outbox: every e-mail and SMS the node produces. Without a transport for its channel a message
 * is kept here (`stored`, body included) for an operator to read with `exchange outbox list`; with
 * one, the row records the delivery (`sent` or `failed`) and the body is not kept, since it carries
 * a verification code.
 */
export const notifySchema = `
CREATE TABLE outbox (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  id         TEXT NOT NULL UNIQUE,
  channel    TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient  TEXT NOT NULL,
  subject    TEXT NOT NULL DEFAULT '',
  body       TEXT NOT NULL DEFAULT '',
  status     TEXT NOT NULL CHECK (status IN ('stored', 'sent', 'failed')),
  error      TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE INDEX outbox_recipient ON outbox (recipient, seq);
CREATE INDEX outbox_channel ON outbox (channel, seq);
`

/** The verification code a kept message carries, as its own field (`exchange outbox list --json`): '' when none. */
export const outboxCodeSchema = `
ALTER TABLE outbox ADD COLUMN code TEXT NOT NULL DEFAULT '';
`
