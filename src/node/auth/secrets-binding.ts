/** The record, in the store, of which secrets.json it belongs to (table `secrets_binding`, one row). */
import type {Db} from '../store/database.js'
import {nowIso} from '../ground/time.js'

/** The key id recorded in `db`; undefined for a new store, or one from before the record (migration 19). */
export function recordedKeyId(db: Db): string | undefined {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'secrets_binding'").get()
  if (!table) return undefined
  const row = db.prepare('SELECT key_id FROM secrets_binding WHERE id = 1').get() as {key_id: string} | undefined
  return row?.key_id
}

/** Records `keyId` as the store's secrets; once, for a new store or one adopting the secrets beside it. */
export function recordKeyId(db: Db, keyId: string): void {
  db.prepare('INSERT INTO secrets_binding (id, key_id, recorded_at) VALUES (1, ?, ?)').run(keyId, nowIso())
}
