/** Worker thread of startCheckpointer: a PASSIVE WAL checkpoint of the store every `intervalMs`. */
import {parentPort, workerData} from 'node:worker_threads'
import Database from 'better-sqlite3'

const {file, intervalMs} = workerData as {file: string; intervalMs: number}

/** What `PRAGMA wal_checkpoint` answers: frames in the WAL, and how many of them are in the database file. */
type CheckpointResult = {busy: number; log: number; checkpointed: number}

const db = new Database(file, {fileMustExist: true})
// The checkpoint syncs the database file before the WAL may be reused: the same durability as the
// node's own connection.
db.pragma('synchronous = FULL')
// `checkpointed` counts the frames of the current WAL that are in the database file, until the
// writer starts the WAL over (then `log` shrinks): what a run copied is the difference.
let last = {log: 0, checkpointed: 0}
const timer = setInterval(() => {
  const [result] = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[]
  if (!result) return
  const copied = result.log < last.log ? result.checkpointed : result.checkpointed - last.checkpointed
  last = result
  if (copied > 0) parentPort!.postMessage(copied)
}, intervalMs)
parentPort!.on('message', (message) => {
  if (message !== 'stop') return
  clearInterval(timer)
  db.close()
  parentPort!.close()
})
