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
