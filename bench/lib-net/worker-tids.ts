/**
 * Which kernel thread runs which worker module, for bench/attribute's CPU per thread. Node 20 names
 * every thread of a worker "node", like V8's GC helpers and libuv's pool, so /proc alone cannot tell
 * the writer thread from the rest. Called in the node child before the product is loaded, this
 * replaces node:worker_threads' Worker (and its live ESM binding) with one that starts each worker
 * through a few lines that append the thread's id and module to `file` (JSON lines), then load the
 * module as the product asked. Nothing else about the worker changes: its data, its messages, its
 * thread id.
 */
import fs from 'node:fs'
import {syncBuiltinESMExports} from 'node:module'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import workerThreads, {type WorkerOptions} from 'node:worker_threads'

export type WorkerTid = {tid: number; module: string}

export function recordWorkerTids(file: string): void {
  const Original = workerThreads.Worker
  class Recorded extends Original {
    constructor(script: string | URL, options: WorkerOptions = {}) {
      const source = options.eval ? String(script) : `import(${JSON.stringify(toUrl(script))})`
      const boot = [
        `const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop())`,
        `require('node:fs').appendFileSync(${JSON.stringify(file)}, JSON.stringify({tid, module: ${JSON.stringify(moduleOf(script, options))}}) + '\\n')`,
      ].join(';\n')
      super(`${boot};\n${source}`, {...options, eval: true})
    }
  }
  workerThreads.Worker = Recorded
  syncBuiltinESMExports()
}

/** The recorded threads, by kernel thread id. */
export function readWorkerTids(file: string): Map<number, string> {
  const tids = new Map<number, string>()
  if (!fs.existsSync(file)) return tids
  for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const {tid, module} = JSON.parse(line) as WorkerTid
    tids.set(tid, module)
  }
  return tids
}

function toUrl(script: string | URL): string {
  if (script instanceof URL) return script.href
  return script.startsWith('file:') ? script : new URL(`file://${path.resolve(script)}`).href
}

/** The worker's module as a path from the repository's root (`src/…`, `dist/…`, `bench/…`). */
function moduleOf(script: string | URL, options: WorkerOptions): string {
  // An eval'd worker (the node's tsx form, workers.ts) ends by importing its module: the last one named.
  const named = options.eval ? [...String(script).matchAll(/"(file:[^"]+\.[jt]s)"/g)].at(-1)?.[1] : toUrl(script)
  if (!named) return 'an eval worker'
  return fileURLToPath(named).replace(/^.*\/((?:src|dist|bench)\/)/, '$1')
}
