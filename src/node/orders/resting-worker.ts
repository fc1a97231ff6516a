/** Worker thread of readRestingInWorkers: reads its seq ranges from the store and posts each as typed arrays. */
import {parentPort, workerData} from 'node:worker_threads'
import Database from 'better-sqlite3'
import {readResting, type RestingRange} from './resting.js'

const {file, ranges} = workerData as {file: string; ranges: RestingRange[]}
const db = new Database(file, {readonly: true, fileMustExist: true})
try {
  for (const range of ranges) {
    const chunk = readResting(db, range)
    const columns = [chunk.seq, chunk.account, chunk.buy, chunk.price, chunk.remaining]
    parentPort!.postMessage(
      chunk,
      columns.map((column) => column.buffer as ArrayBuffer),
    )
  }
} finally {
  db.close()
}
