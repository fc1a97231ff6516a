/** What the running node tells the admin API about itself (InfoService.GetStatus, DevService). */
import {readFileSync} from 'node:fs'

export type NodeRuntime = {
  /** The package version of the node. */
  version: string
  startedAt: Date
  /** Started with --dev (EXCHANGE_DEV): DevService answers. */
  dev: boolean
  /** Listener name (http, admin_http, grpc) → host:port, filled in as each is bound. */
  listeners: Map<string, string>
}

let version: string | undefined

/** The version in package.json (the same depth from src/node/admin and dist/node/admin). */
export function packageVersion(): string {
  if (version === undefined) {
    try {
      const text = readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')
      version = String((JSON.parse(text) as {version?: unknown}).version ?? 'unknown')
    } catch {
      version = 'unknown'
    }
  }
  return version
}

export function newRuntime(dev = false): NodeRuntime {
  return {version: packageVersion(), startedAt: new Date(), dev, listeners: new Map()}
}
