/**
 * The web app's files (docs/web.md "Serving"), read from the build's folder into memory once, at
 * start. In memory rather than read per request, because:
 * - the app is small (a Vite build of a few MiB with its br and gz variants; more than 64 MiB is
 *   refused as not the app's build), so holding it costs little;
 * - a request never touches the file system: its path is one look-up in a map made from a walk of the
 *   folder, so no path (`..`, `%2e%2e`, a NUL, a backslash) can make the node read outside it, and
 *   neither can a symbolic link (the walk does not follow them);
 * - each file's validator is hashed once, and what is served cannot change under a running node (a
 *   deploy copied over it half-way is not served half-way). A new build is served after a restart.
 */
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {staticFile, type Coding, type StaticFile} from './static-file.js'

/** Where the package's build puts the app: `dist/web/` beside `dist/node/` (this file is `<root>/{src,dist}/node/web/`). */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../dist/web/', import.meta.url))
export const APP_INDEX = 'index.html'
/** Content-hashed names (Vite's `assets/<name>-<hash>.<ext>`): a new build gives new names. */
export const ASSETS_DIR = 'assets'
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Kept, but asked again (`If-None-Match`) before each use: the page that names this build's assets. */
export const REVALIDATE = 'no-cache'
const MAX_APP_BYTES = 64 * 1024 * 1024
const VARIANTS: readonly (readonly [Coding, string])[] = [
  ['br', '.br'],
  ['gzip', '.gz'],
]

export type AppFiles = {
  /** By request path: `/index.html`, `/assets/app-3f9a1c.js`, `/favicon.ico`, ... */
  files: ReadonlyMap<string, StaticFile>
  /** `/index.html`, also the answer to the app's deep links. */
  index: StaticFile
  /** Bytes held, variants included. */
  bytes: number
}

/**
 * The app under `root`, or undefined when it has no `index.html` (not built). A `<file>.br` or
 * `<file>.gz` beside `<file>` is its variant, not a file of its own; names starting with a dot are
 * left out. Throws (an unreadable folder, more than 64 MiB) with the reason.
 */
export function readAppFiles(root: string): AppFiles | undefined {
  if (fs.lstatSync(path.join(root, APP_INDEX), {throwIfNoEntry: false})?.isFile() !== true) return undefined
  const read = new Map<string, Buffer>()
  let bytes = 0
  walk(root, '', (relative, file) => {
    const data = fs.readFileSync(file)
    bytes += data.length
    if (bytes > MAX_APP_BYTES) throw new Error(`holds more than ${MAX_APP_BYTES / 1024 / 1024} MiB: not the web app's build`)
    read.set(relative, data)
  })
  const files = new Map<string, StaticFile>()
  for (const [relative, plain] of read) {
    if (VARIANTS.some(([, suffix]) => relative.endsWith(suffix) && read.has(relative.slice(0, -suffix.length)))) continue
    const variants: Partial<Record<Coding, Buffer>> = {}
    for (const [coding, suffix] of VARIANTS) {
      const variant = read.get(`${relative}${suffix}`)
      if (variant) variants[coding] = variant
    }
    const caching = relative.startsWith(`${ASSETS_DIR}/`) ? IMMUTABLE : REVALIDATE
    files.set(`/${relative}`, staticFile(relative, plain, caching, variants))
  }
  return {files, index: files.get(`/${APP_INDEX}`)!, bytes}
}

/** Calls `visit` with the path relative to the root (`/`-separated) of every regular file under `dir`. */
function walk(dir: string, prefix: string, visit: (relative: string, file: string) => void): void {
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    if (entry.name.startsWith('.')) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) walk(full, `${prefix}${entry.name}/`, visit)
    else if (entry.isFile()) visit(`${prefix}${entry.name}`, full)
  }
}
