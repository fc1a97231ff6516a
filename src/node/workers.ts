/**
 * Starting a worker thread on a module of this program: its compiled `.js` sibling, or, when the
 * node runs through tsx (tests, benchmarks), the `.ts` source with tsx registered first — tsx's
 * loader hooks are not inherited by worker threads.
 */
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {Worker} from 'node:worker_threads'

/** `moduleUrl`: `new URL('./x.js', import.meta.url)` of the caller (the `.js` name, as in imports). */
export function startWorker(moduleUrl: URL, workerData: unknown): Worker {
  const compiled = fileURLToPath(moduleUrl)
  if (path.extname(fileURLToPath(import.meta.url)) === '.js') return new Worker(moduleUrl, {workerData})
  const source = JSON.stringify(new URL(`${path.basename(compiled, '.js')}.ts`, moduleUrl).href)
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'))
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${source}) })`, {eval: true, workerData})
}
