/** Worker thread of ClientOrderIds: reads and hashes the store's client order ids into a filter, off the event loop. */
import {parentPort, workerData} from 'node:worker_threads'
import Database from 'better-sqlite3'
import {loadFilter, type LoadedFilter} from './client-ids.js'

const db = new Database((workerData as {file: string}).file, {readonly: true, fileMustExist: true})
const filter = loadFilter(db)
db.close()
parentPort!.postMessage({capacity: filter.capacity, count: filter.count, bits: filter.bits} satisfies LoadedFilter, [
  filter.bits.buffer as ArrayBuffer,
])
