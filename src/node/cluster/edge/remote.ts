/**
 * The sequencer's services as an edge calls them: each method of the allow-list (commands.ts
 * `EDGE_COMMANDS`) is a NATS request through the edge's command client, typed as the method it
 * reaches on the sequencer (its arguments; a promise of its answer).
 */
import {EDGE_COMMANDS, type EdgeCallable, type ReplayProof, type RemoteServices} from '../commands.js'
import type {CommandClient} from './command-client.js'

export type EdgeRemote = RemoteServices<EdgeCallable, typeof EDGE_COMMANDS>

/** Where a signed request's replay proof waits for the first command of its request (services.ts `RequestScope`). */
export type ReplaySource = {take(): ReplayProof | undefined}

/** The allow-list's methods as NATS requests; with `scope`, the first command of a signed request carries its signature. */
export function remoteServices(commands: CommandClient, scope?: ReplaySource): EdgeRemote {
  const remote: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> = {}
  for (const [path, methods] of Object.entries(EDGE_COMMANDS)) {
    const service: Record<string, (...args: unknown[]) => Promise<unknown>> = {}
    for (const method of methods as readonly string[]) {
      service[method] = (...args) => {
        const replay = scope?.take()
        return commands.call(path, method, args, replay ? {replay} : {})
      }
    }
    remote[path] = service
  }
  // Built from the same list the type is: each path holds exactly its allowed methods.
  return remote as EdgeRemote
}
