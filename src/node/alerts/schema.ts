export const alertsSchema = `
CREATE TABLE alerts (
  seq         INTEGER PRIMARY KEY,
  id          TEXT NOT NULL UNIQUE,
  type        TEXT NOT NULL,
  severity    TEXT NOT NULL CHECK (severity IN ('info', 'warning', 'critical')),
  payload     TEXT NOT NULL,
  status      TEXT NOT NULL CHECK (status IN ('open', 'acknowledged', 'resolved')),
  comment     TEXT NOT NULL DEFAULT '',
  resolution  TEXT NOT NULL DEFAULT '',
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  resolved_at TEXT
);
CREATE INDEX alerts_status ON alerts (status, severity);
`
