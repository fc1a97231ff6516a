/**
 * Worker thread of the store's Writer: owns the write connection of the trading path. A batch
 * message holds the operations (a statement's index and its parameters) of one or more batches; every
 * batch message waiting in the queue when a transaction starts goes into it, committed with
 * synchronous=FULL; the in-flight counter shared with the main thread goes down
 * once the commit is on disk, then the result is posted back. After a failed batch every later batch
 * is refused unrun (they were computed on top of the failed one) until the main thread says `reset`.
 */
import {parentPort, receiveMessageOnPort, workerData} from 'node:worker_threads'
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

const runRequests = db.transaction((requests: {batches: WriteOp[][]}[]) => {
  for (const {batches} of requests)
    for (const ops of batches) for (const [statement, params] of ops) prepared[statement]!.run(params)
})

let failed = false
parentPort!.postMessage('ready')

parentPort!.on('message', (first: WriterRequest) => {
  // Every request already queued joins this one: one transaction for all the batches waiting.
  const requests = [first]
  for (let next = receiveMessageOnPort(parentPort!); next; next = receiveMessageOnPort(parentPort!)) {
    requests.push(next.message as WriterRequest)
  }
  const batches: {id: number; batches: WriteOp[][]}[] = []
  for (const request of requests) {
    if (request.type === 'batch') {
      batches.push(request)
      continue
    }
    commit(batches.splice(0))
    if (request.type === 'reset') failed = false
    if (request.type === 'stop') {
      db.close()
      parentPort!.close()
      return
    }
  }
  commit(batches)
})

/** Runs the batches of several requests in one transaction and reports each request. */
function commit(requests: {id: number; batches: WriteOp[][]}[]): void {
  if (requests.length === 0) return
  let outcome: {ok: true; commit: number} | {ok: false; error: string; skipped: boolean}
  if (failed) {
    outcome = {ok: false, error: 'an earlier batch failed', skipped: true}
  } else {
    try {
      runRequests(requests)
      // Counted before the batches are let go: a main-connection commit, which waits for them, counts after.
      outcome = {ok: true, commit: Atomics.add(counter, 1, 1) + 1}
    } catch (error) {
      failed = true
      outcome = {ok: false, error: error instanceof Error ? error.message : String(error), skipped: false}
    }
  }
  Atomics.sub(counter, 0, requests.length)
  Atomics.notify(counter, 0)
  requests.forEach(({id}, part) => {
    const result: WriterResult = outcome.ok ? {id, ...outcome, part, of: requests.length} : {id, ...outcome}
    parentPort!.postMessage(result)
  })
}
