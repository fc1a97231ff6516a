/** Sessions back the `jti` of every issued JWT so that a token can be revoked before it expires. */
export const authSchema = `
CREATE TABLE sessions (
  jti        TEXT PRIMARY KEY,
  subject    TEXT NOT NULL,
  role       TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX sessions_subject ON sessions (subject);
`

/** The key id (auth/secrets.ts `secretsKeyId`) of the secrets.json this store belongs to: one row. */
export const secretsBindingSchema = `
CREATE TABLE secrets_binding (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  key_id      TEXT NOT NULL,
  recorded_at TEXT NOT NULL
);
`
