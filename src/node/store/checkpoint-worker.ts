/** Worker thread of startCheckpointer: a PASSIVE WAL checkpoint of the store every `intervalMs`. */
import {parentPort, workerData} from 'node:worker_threads'
import Database from 'better-sqlite3'
import type {CheckpointResult} from './checkpointer.js'

const {file, intervalMs} = workerData as {file: string; intervalMs: number}
const db = new Database(file, {fileMustExist: true})
// The checkpoint syncs the database file before the WAL may be reused: the same durability as the
// node's own connection.
db.pragma('synchronous = FULL')
const timer = setInterval(() => {
  const [result] = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[]
  if (result && result.log > 0) parentPort!.postMessage(result)
}, intervalMs)
parentPort!.on('message', (message) => {
  if (message !== 'stop') return
  clearInterval(timer)
  db.close()
  parentPort!.close()
})
