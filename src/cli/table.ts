/**
 * How the CLI prints tables, the way heroku's `ux.table` does: a header, a rule under it, then one
 * line per row, columns two spaces apart, no rule between rows. On a terminal a table is cut to its
 * width (widest cells first, with "…") unless --no-truncate; `--columns` picks and orders columns,
 * `--csv` prints CSV, `--no-header` drops the header. Status words are coloured only on a terminal,
 * never with --json or NO_COLOR. `FollowTable` prints the same lines one row at a time (--follow).
 */
import {Flags, ux} from '@oclif/core'
import {Errors} from '@oclif/core'

/** The flags of a command that prints a list (heroku's names). */
export const tableFlags = {
  columns: Flags.string({summary: 'Only these columns, in this order (comma-separated header names).', helpGroup: 'TABLE'}),
  csv: Flags.boolean({summary: 'Print the table as CSV.', helpGroup: 'TABLE'}),
  'no-header': Flags.boolean({summary: 'Do not print the header line.', helpGroup: 'TABLE'}),
  'no-truncate': Flags.boolean({summary: 'Do not cut the table to the terminal width.', helpGroup: 'TABLE'}),
}

export type TableOptions = {
  /** Header names to keep, in order. */
  columns?: string[]
  csv?: boolean
  header?: boolean
  /** Terminal width to fit into; undefined prints cells whole. */
  width?: number
  colour?: boolean
  /** Minimum width per column, by header (so that two tables, or a table and its --follow, line up). */
  minWidths?: Record<string, number>
}

/** The options for this process: fitting and colour only when stdout is a terminal. */
export function tableOptions(
  flags: {columns?: string; csv?: boolean; 'no-header'?: boolean; 'no-truncate'?: boolean},
  json: boolean,
): TableOptions {
  const tty = process.stdout.isTTY === true
  return {
    columns: flags.columns
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    csv: flags.csv ?? false,
    header: !flags['no-header'],
    width: tty && !flags['no-truncate'] ? process.stdout.columns || 120 : undefined,
    colour: tty && !json && !process.env['NO_COLOR'],
  }
}

const GAP = '  '

/** The lines of a table. */
export function renderTable(headers: readonly string[], rows: readonly string[][], options: TableOptions = {}): string[] {
  const picked = pickColumns(headers, options.columns)
  const head = picked.map((index) => headers[index]!)
  const body = rows.map((row) => picked.map((index) => row[index] ?? ''))
  if (options.csv) return [...(options.header === false ? [] : [head]), ...body].map(csvLine)
  const widths = head.map((name, column) =>
    Math.max(
      options.header === false ? 0 : name.length,
      options.minWidths?.[name] ?? 0,
      ...body.map((row) => row[column]!.length),
    ),
  )
  if (options.width !== undefined) fit(widths, options.width)
  const lines = options.header === false ? [] : headerLines(head, widths, options)
  for (const row of body) lines.push(rowLine(head, row, widths, options))
  return lines
}

/** A record as "field  value" lines, fields aligned (show/details). */
export function renderRecord(entries: readonly [string, string][], options: TableOptions = {}): string[] {
  if (options.csv) return entries.map(csvLine)
  const width = Math.max(0, ...entries.map(([field]) => field.length))
  return entries.map(([field, value]) => `${field.padEnd(width)}${GAP}${colourCell(field, value, options)}`.trimEnd())
}

/** A table printed as rows arrive (--follow): the header once, then each row with fixed widths. */
export class FollowTable {
  private readonly widths: number[]

  constructor(
    private readonly headers: readonly string[],
    private readonly options: TableOptions,
  ) {
    this.widths = headers.map((name) => Math.max(name.length, options.minWidths?.[name] ?? 0))
  }

  header(): string[] {
    return this.options.header === false ? [] : headerLines(this.headers, this.widths, this.options)
  }

  row(cells: readonly string[]): string {
    return rowLine(this.headers, cells, this.widths, this.options)
  }
}

function pickColumns(headers: readonly string[], wanted: string[] | undefined): number[] {
  if (!wanted || wanted.length === 0) return headers.map((_, index) => index)
  return wanted.map((name) => {
    const index = headers.indexOf(name)
    if (index < 0) throw new Errors.CLIError(`--columns: no column "${name}" (columns: ${headers.join(', ')})`, {exit: 2})
    return index
  })
}

function headerLines(head: readonly string[], widths: number[], options: TableOptions): string[] {
  const bold = (text: string) => (options.colour ? ux.colorize('bold', text) : text)
  const names = head.map((name, column) => pad(cut(name, widths[column]!), widths[column]!, column === head.length - 1))
  const rules = widths.map((width) => '─'.repeat(width))
  return [bold(names.join(GAP)).trimEnd(), rules.join(GAP)]
}

function rowLine(head: readonly string[], row: readonly string[], widths: number[], options: TableOptions): string {
  const cells = row.map((cell, column) => {
    const text = pad(cut(cell, widths[column]!), widths[column]!, column === row.length - 1)
    return colourCell(head[column]!, text, options)
  })
  return cells.join(GAP).trimEnd()
}

/** Shrinks the widest columns until the line fits `total` (each keeps at least 6 characters). */
function fit(widths: number[], total: number): void {
  const lineWidth = () => widths.reduce((sum, width) => sum + width, 0) + GAP.length * (widths.length - 1)
  while (lineWidth() > total) {
    const widest = widths.indexOf(Math.max(...widths))
    if (widths[widest]! <= 6) return
    widths[widest] = Math.max(6, widths[widest]! - (lineWidth() - total))
  }
}

const cut = (text: string, width: number) => (text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text)
const pad = (text: string, width: number, last: boolean) => (last ? text : text.padEnd(width))

/** Colours of the words in status and severity columns. */
const STATUS_COLOURS: Record<string, string> = {
  active: 'green',
  resolved: 'green',
  filled: 'green',
  confirmed: 'green',
  completed: 'green',
  sent: 'green',
  info: 'cyan',
  restricted: 'yellow',
  pending: 'yellow',
  partial: 'yellow',
  held: 'yellow',
  acknowledged: 'yellow',
  warning: 'yellow',
  open: 'yellow',
  blocked: 'red',
  failed: 'red',
  rejected: 'red',
  critical: 'red',
  cancelled: 'dim',
}

function colourCell(header: string, text: string, options: TableOptions): string {
  if (!options.colour || (header !== 'status' && header !== 'severity')) return text
  const colour = STATUS_COLOURS[text.trim()]
  return colour ? ux.colorize(colour, text) : text
}

function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')
}
