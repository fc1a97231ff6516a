/**
 * A node that will not start, for a reason the operator has to fix: another node holds the data dir,
 * a port is taken, the store is unreadable or does not belong with the secrets beside it. Thrown
 * before the store is written; `exchange node start` prints the message as one line and exits 1,
 * so the message names the flag or the path, and the cause.
 */
export class StartupRefused extends Error {
  override readonly name = 'StartupRefused'
}

/** The cause of a failed file or SQLite operation, short: "file is not a database (SQLITE_NOTADB)", "permission denied (EACCES)". */
export function causeOf(error: unknown): string {
  const {code, message} = (error ?? {}) as {code?: unknown; message?: unknown}
  const text = typeof message === 'string' ? message : String(error)
  if (typeof code !== 'string') return text
  // Node's own errors read "EACCES: permission denied, open '/x'": keep the words, drop the repeats.
  const systemText = text.startsWith(`${code}: `) ? text.slice(code.length + 2).replace(/, \w+ '.*'$/, '') : text
  return `${systemText} (${code})`
}
