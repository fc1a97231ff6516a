/**
 * The identity service's tables (account flows):
 * - `users`: people who signed up through the gateway; their own password hash (scrypt), phone, and
 *   the exchange account created for them (which has a separate, random credential).
 * - `sign_ups`: pending sign-ups (PENDING_VERIFICATION) with the hashes of the e-mail and SMS codes.
 *   Hashes and the password hash are wiped when the sign-up completes or is burned.
 * - `totp`: one TOTP factor per exchange account, its secret sealed (AES-256-GCM, data dir key), and
 *   the last accepted time step so that a code cannot be used twice.
 * - `sign_in_challenges`: a password-checked sign-in waiting for its two-factor code.
 * - `sign_in_failures` / `sign_in_locks`: failed sign-ins per e-mail and the resulting locks.
 */
export const identitySchema = `
CREATE TABLE users (
  id            TEXT PRIMARY KEY,
  email         TEXT NOT NULL UNIQUE,
  phone         TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  account_id    TEXT NOT NULL UNIQUE REFERENCES accounts(id),
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
);

CREATE TABLE sign_ups (
  id              TEXT PRIMARY KEY,
  email           TEXT NOT NULL,
  phone           TEXT NOT NULL,
  password_hash   TEXT NOT NULL,
  email_code_hash TEXT NOT NULL,
  sms_code_hash   TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('pending_verification', 'completed', 'burned', 'void')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  sends           INTEGER NOT NULL DEFAULT 1,
  expires_at      TEXT NOT NULL,
  last_sent_at    TEXT NOT NULL,
  account_id      TEXT REFERENCES accounts(id),
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL
);
CREATE INDEX sign_ups_email ON sign_ups (email, created_at);

CREATE TABLE totp (
  account_id TEXT PRIMARY KEY REFERENCES accounts(id),
  secret_enc TEXT NOT NULL,
  enabled    INTEGER NOT NULL DEFAULT 0,
  last_step  INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE sign_in_challenges (
  id         TEXT PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES users(id),
  attempts   INTEGER NOT NULL DEFAULT 0,
  expires_at TEXT NOT NULL,
  used_at    TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE sign_in_failures (
  email      TEXT NOT NULL,
  ip         TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX sign_in_failures_email ON sign_in_failures (email, created_at);

CREATE TABLE sign_in_locks (
  email        TEXT PRIMARY KEY,
  locked_until TEXT NOT NULL
);
`
