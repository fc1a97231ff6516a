/**
 * The base of every admin subcommand: owns --admin-url / --admin-token / --operator / --json and
 * the TLS flags (--admin-ca / --admin-cert / --admin-key),
 * builds the gRPC client, asks for missing input when a terminal is there (and fails clearly when
 * not), confirms money operations unless --yes, and turns any failure into one line on stderr and
 * a non-zero exit code. Subclasses declare summary, examples and flags, call `this.call(...)` (typed
 * by the generated proto types), `this.show(...)` or `this.list(...)`, return the RPC's response
 * object (printed as JSON with --json) and render a table otherwise.
 */
import {Command, Errors, Flags, type Interfaces} from '@oclif/core'
import type {ServiceName} from '../node/admin/proto.js'
import {AdminClient, type Exact, type RequestOf, type ResponseOf, type UnaryMethodName} from '../node/admin/client.js'
import {adminConnection, adminTlsFlags} from './admin-tls.js'
import {describeError} from './errors.js'
import {flagNamesOf} from './suggest.js'
import {renderRecord, renderTable, tableOptions, type TableOptions} from './table.js'
import {tierIdFrom} from './tiers.js'

/** A table cell, printed with String(). */
export type Cell = string | number | boolean

/**
 * One column of `table`: a field of the row, printed under its own name, or [header, field or getter].
 * `['id', ['tif', 'time_in_force'], ['default', (tier) => (tier.is_default ? 'yes' : '')]]`
 */
export type Column<Row> = (keyof Row & string) | readonly [header: string, cell: (keyof Row & string) | ((row: Row) => Cell)]

/** The keys of a response whose values are lists (`tiers` of ListTiersResponse). */
type ListKey<T> = {[K in keyof T]: T[K] extends readonly unknown[] ? K : never}[keyof T] & string

/** The item type of list field K of T. */
type ItemOf<T, K extends keyof T> = T[K] extends readonly (infer Item)[] ? Item : never

export type AdminFlags<T extends typeof Command> = Interfaces.InferredFlags<(typeof AdminCommand)['baseFlags'] & T['flags']>

export abstract class AdminCommand extends Command {
  static override enableJsonFlag = true

  static override baseFlags = {
    'admin-url': Flags.string({
      env: 'EXCHANGE_ADMIN_URL',
      default: '127.0.0.1:50051',
      summary: 'host:port of the node admin gRPC API.',
      helpGroup: 'GLOBAL',
    }),
    'admin-token': Flags.string({
      env: 'EXCHANGE_ADMIN_TOKEN',
      summary: 'Admin token, when the node was started with one.',
      helpGroup: 'GLOBAL',
    }),
    operator: Flags.string({
      env: 'EXCHANGE_OPERATOR',
      summary: 'Operator name recorded with manual operations (default user@host).',
      helpGroup: 'GLOBAL',
    }),
    ...adminTlsFlags,
  }

  private client?: AdminClient

  /** The admin client for the parsed --admin-url, --admin-token and TLS flags (admin-tls.ts). */
  protected async admin(): Promise<AdminClient> {
    if (!this.client) {
      const {flags} = await this.parse(this.constructor as typeof AdminCommand)
      const {address, credentials} = adminConnection(String(flags['admin-url']), flags)
      this.client = new AdminClient(address, {token: flags['admin-token'], operator: flags.operator, credentials})
    }
    return this.client
  }

  /**
   * Calls one unary RPC of the admin API, typed by the protos: the request is the generated
   * `<Rpc>Request`, the response the generated `<Rpc>Response__Output`.
   */
  protected async call<S extends ServiceName, M extends UnaryMethodName<S>, R extends RequestOf<S, M> = RequestOf<S, M>>(
    service: S,
    method: M,
    request?: Exact<R, RequestOf<S, M>>,
  ): Promise<ResponseOf<S, M>> {
    return (await this.admin()).call<S, M, R>(service, method, request)
  }

  /** Calls one unary RPC and prints its response as a two-column table (human mode only). */
  protected async show<S extends ServiceName, M extends UnaryMethodName<S>, R extends RequestOf<S, M> = RequestOf<S, M>>(
    service: S,
    method: M,
    request?: Exact<R, RequestOf<S, M>>,
  ): Promise<ResponseOf<S, M>> {
    const response = await this.call<S, M, R>(service, method, request)
    this.details(response)
    return response
  }

  /** Calls one unary RPC and prints its list field `items` as a table of `columns` (human mode only). */
  protected async list<
    S extends ServiceName,
    M extends UnaryMethodName<S>,
    K extends ListKey<ResponseOf<S, M>>,
    R extends RequestOf<S, M> = RequestOf<S, M>,
  >(
    service: S,
    method: M,
    request: Exact<R, RequestOf<S, M>>,
    items: K,
    columns: readonly Column<ItemOf<ResponseOf<S, M>, K>>[],
  ): Promise<ResponseOf<S, M>> {
    const response = await this.call<S, M, R>(service, method, request)
    this.table(response[items] as readonly ItemOf<ResponseOf<S, M>, K>[], columns)
    return response
  }

  /** Whether prompts may be shown: a terminal on both ends and not CI. */
  protected get interactive(): boolean {
    return Boolean(process.stdin.isTTY && process.stdout.isTTY) && !process.env['CI']
  }

  /** The value of a required input: the flag if given, else a prompt on a terminal, else a clear error. */
  protected async require(
    value: string | undefined,
    flag: string,
    message: string,
    options: {password?: boolean} = {},
  ): Promise<string> {
    if (value !== undefined && value !== '') return value
    if (!this.interactive) throw new Errors.CLIError(`missing required flag --${flag} (${message})`, {exit: 2})
    const {default: inquirer} = await import('inquirer')
    const answer = await inquirer.prompt<{value: string}>([
      {
        type: options.password ? 'password' : 'input',
        name: 'value',
        message,
        mask: options.password ? '*' : undefined,
        validate: (input: string) => input.trim() !== '' || `${message} is required`,
      },
    ])
    return answer.value.trim()
  }

  /** The tier id of `tierFlags` (cli/tiers.ts): `--tier-id`, or `--tier` by name or id; asked for when neither is given. */
  protected tierId(flags: {tier?: string; 'tier-id'?: string}): Promise<string> {
    return tierIdFrom(
      flags,
      (request) => this.call('InfoService', 'ListTiers', request),
      () => this.require(undefined, 'tier', 'Tier name or id'),
    )
  }

  /** Asks before moving money unless --yes; without a terminal --yes is required. */
  protected async confirm(yes: boolean, summary: string): Promise<void> {
    if (yes) return
    if (!this.interactive) throw new Errors.CLIError(`refusing to ${summary} without confirmation: pass --yes`, {exit: 2})
    const {default: inquirer} = await import('inquirer')
    const {ok} = await inquirer.prompt<{ok: boolean}>([{type: 'confirm', name: 'ok', message: `${summary}?`, default: false}])
    // Declined: a usage exit like a refusal without --yes (docs/cli.md), and nothing was done.
    if (!ok) throw new Errors.CLIError(`cancelled: did not ${summary}`, {exit: 2})
  }

  /** Prints rows as a table of `columns`, each named once (human mode only; cli/table.ts). */
  protected table<Row>(rows: readonly Row[], columns: readonly Column<Row>[], minWidths?: Record<string, number>): void {
    if (this.jsonEnabled()) return
    const cells = columns.map((column) => (typeof column === 'string' ? [column, column] : column))
    const body = rows.map((row) =>
      cells.map(([, cell]) => String(typeof cell === 'function' ? cell(row) : row[cell as keyof Row])),
    )
    const lines = renderTable(
      cells.map(([header]) => header),
      body,
      {...this.tableOptions, minWidths},
    )
    for (const line of lines) this.log(line)
  }

  /** Prints an object's fields as aligned "field  value" lines (human mode only). */
  protected details(record: object): void {
    if (this.jsonEnabled()) return
    const entries = Object.entries(record).map(([field, value]: [string, unknown]): [string, string] => [
      field,
      Array.isArray(value) ? value.join(',') : String(value ?? ''),
    ])
    for (const line of renderRecord(entries, this.tableOptions)) this.log(line)
  }

  /** --columns, --csv, --no-header and --no-truncate of a list command (cli/table.ts), colour on a terminal. */
  protected get tableOptions(): TableOptions {
    return (this.parsedTableOptions ??= tableOptions(this.tableFlagValues, this.jsonEnabled()))
  }

  private parsedTableOptions?: TableOptions
  private tableFlagValues: Parameters<typeof tableOptions>[0] = {}

  override async init(): Promise<void> {
    await super.init()
    const ctor = this.constructor as typeof AdminCommand
    if (ctor.flags && 'csv' in ctor.flags) {
      const {flags} = await this.parse(ctor)
      this.tableFlagValues = flags as Parameters<typeof tableOptions>[0]
    }
  }

  /** Prints "<shown> of <total>" under a page of a paged list (human mode only). */
  protected pageCount(shown: readonly unknown[], page: {total: number} | null): void {
    if (!this.jsonEnabled() && !this.tableOptions.csv) this.log(`${shown.length} of ${page?.total ?? 0}`)
  }

  /** One line on stderr naming the gRPC status and error code, and the mapped exit code. */
  protected override async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    if (error instanceof Errors.ExitError) throw error
    const described = describeError(error, flagNamesOf(this.constructor as typeof AdminCommand))
    process.stderr.write(`${described.line}\n`)
    process.exitCode = described.exitCode
    return Errors.exit(described.exitCode)
  }

  protected override async finally(error: Error | undefined): Promise<unknown> {
    this.client?.close()
    return super.finally(error)
  }
}

/** Splits repeated or comma-separated flag values: ["trade,read", "withdraw"] -> ["trade", "read", "withdraw"]. */
export const splitList = (values: string[] | undefined): string[] =>
  (values ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean)

/** The flag every money-moving command has. */
export const yesFlag = Flags.boolean({char: 'y', summary: 'Do not ask for confirmation.', default: false})

/** The flags of an RPC with a PageRequest (`--limit`, `--offset`); `pageOf` turns them into the request field. */
export const pageFlags = {
  limit: Flags.integer({min: 1, max: 1000, summary: 'Page size (default 100, maximum 1000).'}),
  offset: Flags.integer({min: 0, summary: 'Items to skip.'}),
}

/** The PageRequest of parsed page flags (0 means the server's default). */
export const pageOf = (flags: {limit?: number; offset?: number}): {limit: number; offset: number} => ({
  limit: flags.limit ?? 0,
  offset: flags.offset ?? 0,
})
