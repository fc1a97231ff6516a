/** Worker thread of copyStore: `VACUUM INTO` on its own connection, off the event loop. */
import {parentPort, workerData} from 'node:worker_threads'
import Database from 'better-sqlite3'

const {source, target} = workerData as {source: string; target: string}

const db = new Database(source, {fileMustExist: true})
try {
  db.pragma('busy_timeout = 5000')
  db.prepare('VACUUM INTO ?').run(target)
} finally {
  db.close()
}
parentPort!.postMessage('done')
