/**
 * Administrator users of the AdminGateway and the audit log of what they did through it.
 * The audit log is append-only: triggers refuse UPDATE and DELETE, so a row once written stays.
 */
export const adminsSchema = `
CREATE TABLE admins (
  id                TEXT PRIMARY KEY,
  email             TEXT NOT NULL UNIQUE,
  password_hash     TEXT NOT NULL,
  role              TEXT NOT NULL,
  disabled          INTEGER NOT NULL DEFAULT 0,
  -- TOTP secret sealed with the data dir's key: pending after setup, active once enabled.
  totp_pending      TEXT,
  totp_secret       TEXT,
  -- Last accepted TOTP time step: a code is never accepted twice.
  totp_last_step    INTEGER NOT NULL DEFAULT 0,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL
);

CREATE TABLE admin_audit_log (
  seq         INTEGER PRIMARY KEY AUTOINCREMENT,
  id          TEXT NOT NULL UNIQUE,
  -- Empty when the caller is unknown (sign-in with an unknown e-mail, missing token).
  admin_id    TEXT NOT NULL,
  admin_email TEXT NOT NULL,
  role        TEXT NOT NULL,
  action      TEXT NOT NULL,
  request     TEXT NOT NULL,
  result      TEXT NOT NULL,
  ip          TEXT NOT NULL,
  created_at  TEXT NOT NULL
);
CREATE INDEX admin_audit_log_email ON admin_audit_log (admin_email, seq);

CREATE TRIGGER admin_audit_log_no_update BEFORE UPDATE ON admin_audit_log
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER admin_audit_log_no_delete BEFORE DELETE ON admin_audit_log
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
`
