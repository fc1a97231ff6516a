/**
 * Starting a worker thread on a module of this program: its compiled `.js` sibling, or, when the
 * node runs through tsx (tests, benchmarks), the `.ts` source bundled once per process by esbuild
 * (the compiler tsx itself runs on) into one plain module under `node_modules/.cache/` — so a worker
 * starts as fast as a compiled one, instead of loading tsx and its loader thread of its own (tsx's
 * hooks are not inherited by worker threads; registering them cost each worker about a second of CPU).
 * Packages stay imports of the bundle, resolved from the project's node_modules.
 */
import {createHash} from 'node:crypto'
import fs from 'node:fs'
import {createRequire} from 'node:module'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {Worker} from 'node:worker_threads'

/** The bundle of each worker source this process has started, by source path. */
const bundles = new Map<string, URL>()

/** `moduleUrl`: `new URL('../x.js', import.meta.url)` of the caller (the `.js` name, as in imports). */
export function startWorker(moduleUrl: URL, workerData: unknown): Worker {
  if (path.extname(fileURLToPath(import.meta.url)) === '.js') return new Worker(moduleUrl, {workerData})
  const compiled = fileURLToPath(moduleUrl)
  return new Worker(bundled(path.join(path.dirname(compiled), `${path.basename(compiled, '.js')}.ts`)), {workerData})
}

/** The worker's source and everything it imports from this program, as one module (made once per process). */
function bundled(source: string): URL {
  let url = bundles.get(source)
  if (url) return url
  const require = createRequire(import.meta.url)
  const esbuild = require('esbuild') as typeof import('esbuild')
  const {outputFiles} = esbuild.buildSync({
    entryPoints: [source],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
  })
  const code = outputFiles[0]!.contents
  const root = path.dirname(require.resolve('esbuild/package.json')).replace(/[\\/]esbuild$/, '')
  const dir = path.join(root, '.cache', 'exchange-workers')
  fs.mkdirSync(dir, {recursive: true})
  const file = path.join(
    dir,
    `${path.basename(source, '.ts')}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`,
  )
  // Content-addressed: a file of this name is this code; written whole (rename) so a parallel test file never reads half.
  if (!fs.existsSync(file)) {
    const partial = `${file}.${process.pid}.tmp`
    fs.writeFileSync(partial, code)
    fs.renameSync(partial, file)
  }
  url = pathToFileURL(file)
  bundles.set(source, url)
  return url
}
