/**
 * The event log of cluster mode (event-log.ts): every committed change the sequencer publishes, written
 * in the same transaction as the change, read back for what the stream has not acknowledged. In
 * every role the store has these tables (empty in role `all`), so a data dir moves between roles.
 */
export const clusterEventsSchema = `
CREATE TABLE cluster_events (
  seq     INTEGER PRIMARY KEY,
  subject TEXT NOT NULL,
  body    TEXT NOT NULL
);
CREATE TABLE cluster_event_log (
  id                INTEGER PRIMARY KEY CHECK (id = 1),
  log_id            TEXT NOT NULL,
  published_through INTEGER NOT NULL DEFAULT 0
);
`
