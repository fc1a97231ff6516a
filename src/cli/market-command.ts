/**
 * The base of `exchange market …`: reads the node's public REST market data (no admin API, no
 * credentials) from `--url` (EXCHANGE_URL, default http://127.0.0.1:8080). An error body
 * `{"error": {"code", "message"}}` becomes one line on stderr and the exit code of its code
 * (docs/cli.md); a node that does not answer is exit 9.
 */
import {Command, Errors, Flags} from '@oclif/core'
import {describeError, EXIT_CODES} from './errors.js'
import {flagNamesOf} from './suggest.js'
import {renderTable, tableFlags, tableOptions} from './table.js'

export abstract class MarketCommand extends Command {
  static override enableJsonFlag = true

  static override baseFlags = {
    url: Flags.string({
      env: 'EXCHANGE_URL',
      default: 'http://127.0.0.1:8080',
      summary: 'Base URL of the node public HTTP listener.',
      helpGroup: 'GLOBAL',
    }),
    ...tableFlags,
  }

  /** GET /api/v1/exchange/<path>?<query> of the node at --url. */
  protected async get<T>(path: string, query: Record<string, string>): Promise<T> {
    const {flags} = await this.parse(this.constructor as typeof MarketCommand)
    const url = new URL(`/api/v1/exchange/${path}/`, flags.url)
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
    let response: Response
    try {
      response = await fetch(url, {signal: AbortSignal.timeout(15_000)})
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error)
      throw new Errors.CLIError(`UNAVAILABLE (unavailable): ${url.origin} did not answer (${cause}; check --url)`, {
        exit: EXIT_CODES.unavailable,
      })
    }
    const body = (await response.json().catch(() => ({}))) as T & {error?: {code?: string; message?: string}}
    if (!response.ok) {
      const code = body.error?.code ?? 'unknown'
      const exit = EXIT_CODES[code as keyof typeof EXIT_CODES] ?? EXIT_CODES.unknown
      throw new Errors.CLIError(`HTTP ${response.status} (${code}): ${body.error?.message ?? response.statusText}`, {exit})
    }
    return body
  }

  /** Prints a table (human mode only) with the --columns/--csv/--no-header/--no-truncate flags. */
  protected async printTable(headers: string[], rows: string[][]): Promise<void> {
    if (this.jsonEnabled()) return
    const {flags} = await this.parse(this.constructor as typeof MarketCommand)
    for (const line of renderTable(headers, rows, tableOptions(flags, false))) this.log(line)
  }

  /** One line on stderr and the exit code, as the admin commands do (a mistyped flag with its "did you mean"). */
  protected override async catch(error: Error & {oclif?: {exit?: number}}): Promise<unknown> {
    if (error instanceof Errors.ExitError) throw error
    const described = describeError(error, flagNamesOf(this.constructor as typeof MarketCommand))
    process.stderr.write(`${described.line}\n`)
    process.exitCode = described.exitCode
    return Errors.exit(described.exitCode)
  }
}
