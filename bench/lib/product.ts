/**
 * Which form of the node a benchmark measures. By default the compiled product in `dist/`, the
 * JavaScript that `exchange node start` runs (the bench scripts run `npm run build` first). With
 * `--from src` (or `BENCH_FROM=src`, which child processes inherit) the TypeScript sources are
 * loaded through tsx instead, the way the tests run them — for A/B runs only: tsx compiles with
 * esbuild's `keepNames`, which wraps every named closure in a `__name()` call (~1 µs each on this
 * machine, `Object.defineProperty` per closure made), a cost the product never pays.
 */
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

export type ProductForm = 'dist' | 'src'

/**
 * The project's root: the nearest folder above this module with a package.json and bench/. Not a fixed
 * `../..`: a worker thread started through tsx runs a bundle of its source under node_modules/.cache
 * (src/node/ground/workers.ts), and this module is then part of that bundle.
 */
const ROOT = projectRoot(path.dirname(fileURLToPath(import.meta.url)))

function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'bench'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`no project root (package.json and bench/) above ${from}`)
  }
}

function chosenForm(): ProductForm {
  const args = process.argv.slice(2)
  const index = args.findIndex((arg) => arg === '--from' || arg.startsWith('--from='))
  const fromFlag = index < 0 ? undefined : args[index]!.includes('=') ? args[index]!.split('=')[1] : args[index + 1]
  const form = fromFlag ?? process.env['BENCH_FROM'] ?? 'dist'
  if (form !== 'dist' && form !== 'src') throw new Error(`--from ${form}: expected dist or src`)
  process.env['BENCH_FROM'] = form
  return form
}

/** The form measured in this process and its children. */
export const PRODUCT_FORM: ProductForm = chosenForm()

/**
 * Imports a module of the node by its path under `src/` with the `.js` name (`node/node.js`), from
 * the form being measured. Type it with the source module: `product<typeof import('../../src/node/node.js')>(...)`.
 */
export async function product<T>(modulePath: string): Promise<T> {
  if (PRODUCT_FORM === 'src') {
    const source = path.join(ROOT, 'src', modulePath.replace(/\.js$/, '.ts'))
    return (await import(pathToFileURL(source).href)) as T
  }
  // bench/ab.ts: one side of an A/B runs a copy of an earlier build (BENCH_DIST), not checked against src/.
  const otherBuild = process.env['BENCH_DIST']
  if (otherBuild) return fromBuild<T>(otherBuild, modulePath)
  const compiled = path.join(ROOT, 'dist', modulePath)
  requireFreshBuild(compiled)
  return (await import(pathToFileURL(compiled).href)) as T
}

/**
 * Where a module was in builds before src/node/ had ground/ and cluster/ had edge/ and sequencer/: an
 * A/B against such a build finds its modules there.
 */
const FORMER_PLACES: [RegExp, string][] = [
  [/^node\/ground\//, 'node/'],
  [/^node\/cluster\/(edge|sequencer)\//, 'node/cluster/'],
]

/** A module of another build's dist/ copy by its path (`node/cluster/edge/command-client.js`), at its former place in an older build. */
export async function fromBuild<T>(build: string, modulePath: string): Promise<T> {
  const places = [modulePath, ...FORMER_PLACES.map(([now, before]) => modulePath.replace(now, before))]
  const found = places.map((place) => path.join(build, place)).find((file) => fs.existsSync(file))
  if (!found) throw new Error(`${build} has no ${modulePath}`)
  return (await import(pathToFileURL(found).href)) as T
}

/** A line for a benchmark's header: which form of the node is measured. */
export function productLine(): string {
  return PRODUCT_FORM === 'dist'
    ? 'node measured: the compiled product (dist/, as `exchange node start` runs it)'
    : 'node measured: the TypeScript sources through tsx (--from src; slower than the product)'
}

let checked = false

/** Refuses a `dist/` older than the newest file under `src/`: the figures would be of other code. */
function requireFreshBuild(compiled: string): void {
  if (checked) return
  if (!fs.existsSync(compiled)) throw new Error(`${compiled} is missing: run npm run build (the bench:* scripts do)`)
  const built = fs.statSync(path.join(ROOT, 'dist', 'node', 'node.js')).mtimeMs
  const newest = newestMtime(path.join(ROOT, 'src'))
  if (newest.mtime > built) throw new Error(`dist/ is older than ${newest.file}: run npm run build (the bench:* scripts do)`)
  checked = true
}

function newestMtime(dir: string): {file: string; mtime: number} {
  let newest = {file: dir, mtime: 0}
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name)
    const candidate = entry.isDirectory() ? newestMtime(full) : {file: full, mtime: fs.statSync(full).mtimeMs}
    if (candidate.mtime > newest.mtime) newest = candidate
  }
  return newest
}
