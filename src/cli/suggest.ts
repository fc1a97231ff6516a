/** "Did you mean …?" for a mistyped command or flag: the closest known name by edit distance. */

/** Levenshtein distance of two short strings. */
export function distance(a: string, b: string): number {
  let previous = Array.from({length: b.length + 1}, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]!
}

/** The candidate closest to `given`, when it is close enough to be a typo (or `given` is a prefix of it). */
export function closest(given: string, candidates: readonly string[]): string | undefined {
  let best: {name: string; score: number} | undefined
  for (const name of candidates) {
    const score = name.startsWith(given) ? 0.5 : distance(given, name)
    if (!best || score < best.score) best = {name, score}
  }
  if (!best) return undefined
  return best.score <= Math.max(2, Math.floor(given.length / 3)) ? best.name : undefined
}

/** A command class as far as its flags go (the static side of oclif's Command). */
export type FlagOwner = {flags?: object; baseFlags?: object; enableJsonFlag?: boolean}

/**
 * Every long flag `command` takes: its own, its base class's, `--json` when JSON output is on and
 * `--help`. What a mistyped flag is matched against, so `--jsn` suggests `--json`, not `--csv`.
 */
export function flagNamesOf(command: FlagOwner): string[] {
  return [
    ...new Set([...Object.keys(command.baseFlags ?? {}), ...Object.keys(command.flags ?? {})]),
    ...(command.enableJsonFlag ? ['json'] : []),
    'help',
  ]
}
