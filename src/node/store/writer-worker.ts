/**
 * Worker thread of the store's Writer: owns the write connection of the trading path. Each batch
 * message holds the operations (a statement's index and its parameters) of one or more batches, run
 * in one transaction and committed with synchronous=FULL; the in-flight counter shared with the main thread goes down
 * once the commit is on disk, then the result is posted back. After a failed batch every later batch
 * is refused unrun (they were computed on top of the failed one) until the main thread says `reset`.
 */
import {parentPort, workerData} from 'node:worker_threads'
import Database from 'better-sqlite3'
import type {WriteOp, WriterData, WriterRequest, WriterResult} from './writer.js'

const {file, statements, inFlight} = workerData as WriterData
const counter = new Int32Array(inFlight)

const db = new Database(file, {fileMustExist: true})
db.pragma('synchronous = FULL')
db.pragma('foreign_keys = ON')
db.pragma('busy_timeout = 5000')
db.pragma('temp_store = MEMORY')
// The node's checkpointer thread copies the WAL back; this connection never does it while committing.
db.pragma('wal_autocheckpoint = 10000')
const prepared = statements.map((sql) => db.prepare(sql))

const runBatches = db.transaction((batches: WriteOp[][]) => {
  for (const ops of batches) for (const [statement, params] of ops) prepared[statement]!.run(params)
})

let failed = false
parentPort!.postMessage('ready')

parentPort!.on('message', (request: WriterRequest) => {
  if (request.type === 'reset') {
    failed = false
    return
  }
  if (request.type === 'stop') {
    db.close()
    parentPort!.close()
    return
  }
  let result: WriterResult
  if (failed) {
    result = {id: request.id, ok: false, error: 'an earlier batch failed', skipped: true}
  } else {
    try {
      runBatches(request.batches)
      result = {id: request.id, ok: true}
    } catch (error) {
      failed = true
      result = {id: request.id, ok: false, error: error instanceof Error ? error.message : String(error), skipped: false}
    }
  }
  Atomics.sub(counter, 0, 1)
  Atomics.notify(counter, 0)
  parentPort!.postMessage(result)
})
