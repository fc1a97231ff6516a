/**
 * The web app and the branding of the public listener (docs/web.md), read before the store is opened:
 * a branding file that is not valid JSON, has a field or colour the app does not take, or names a logo
 * that cannot be read, is too large or not its type refuses the start in one line naming the file
 * (`--branding-file acme/branding.json: colors.accent "red" is not a colour #rgb or #rrggbb`),
 * and the store is not touched. An app that is not built (no `index.html` in the web root, as in a
 * checkout before the web build) is no refusal: the node starts, logs one line, and `/` stays a 404.
 */
import fs from 'node:fs'
import path from 'node:path'
import type {NodeConfig} from '../ground/config.js'
import type {Logger} from '../ground/logger.js'
import {causeOf, StartupRefused} from '../store/refusal.js'
import {DEFAULT_WEB_ROOT, readAppFiles} from '../web/app-files.js'
import {
  BRANDING_FILE,
  brandingFiles,
  checkBranding,
  checkLogo,
  DEFAULT_BRANDING,
  MAX_LOGO_BYTES,
  type Branding,
} from '../web/branding.js'
import type {WebContent} from '../web/serve.js'

export type {WebContent}

/**
 * What the public listener serves of the web, or undefined with `--no-web`. The branding file is
 * `--branding-file`, else `branding.json` in `dataDir` when there is one (an edge has none).
 */
export function loadWeb(config: NodeConfig, logger: Logger, dataDir?: string): WebContent | undefined {
  if (config.web === false) return undefined
  const root = path.resolve(config.webRoot ?? DEFAULT_WEB_ROOT)
  let app: WebContent['app']
  try {
    app = readAppFiles(root)
  } catch (error) {
    throw new StartupRefused(`web app ${root}: ${causeOf(error)}`)
  }
  if (app) logger.info({web_root: root, files: app.files.size, bytes: app.bytes}, 'web app loaded')
  else logger.warn({web_root: root}, `web app not built: no ${path.join(root, 'index.html')}, / answers 404`)
  return {app, branding: brandingFiles(readBranding(config.brandingFile, dataDir))}
}

function readBranding(given: string | undefined, dataDir: string | undefined): Branding {
  const file = given ?? (dataDir === undefined ? undefined : path.join(dataDir, BRANDING_FILE))
  if (file === undefined) return DEFAULT_BRANDING
  const named = given === undefined ? `branding file ${file}` : `--branding-file ${file}`
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    // In the data dir the file is optional; named by the flag, it must be there.
    if (given === undefined && (error as NodeJS.ErrnoException).code === 'ENOENT') return DEFAULT_BRANDING
    throw new StartupRefused(`${named}: cannot read it: ${causeOf(error)}`)
  }
  let spec: ReturnType<typeof checkBranding>
  try {
    spec = checkBranding(JSON.parse(text))
  } catch (error) {
    const reason = error instanceof SyntaxError ? `not JSON (${error.message})` : (error as Error).message
    throw new StartupRefused(`${named}: ${reason}`)
  }
  if (!spec.logo) return {name: spec.name, colors: spec.colors}
  const logoFile = path.resolve(path.dirname(file), spec.logo.file)
  let bytes: Buffer
  try {
    bytes = readAtMost(logoFile, MAX_LOGO_BYTES + 1)
  } catch (error) {
    throw new StartupRefused(`${named}: logo ${logoFile} cannot be read: ${causeOf(error)}`)
  }
  try {
    checkLogo(spec.logo.type, bytes)
  } catch (error) {
    throw new StartupRefused(`${named}: logo ${logoFile} ${(error as Error).message}`)
  }
  return {name: spec.name, colors: spec.colors, logo: {type: spec.logo.type, bytes}}
}

/** The first `limit` bytes of `file`: a logo named by mistake as a huge file or a device is not read whole. */
function readAtMost(file: string, limit: number): Buffer {
  const fd = fs.openSync(file, 'r')
  try {
    const buffer = Buffer.alloc(limit)
    let length = 0
    while (length < limit) {
      const read = fs.readSync(fd, buffer, length, limit - length, null)
      if (read === 0) break
      length += read
    }
    return buffer.subarray(0, length)
  } finally {
    fs.closeSync(fd)
  }
}
