/** A WHERE clause from the filters a list call was given: the absent ones drop out. */
export function whereOf(conditions: readonly [sql: string, value: string | undefined][]): {clause: string; args: string[]} {
  const given = conditions.filter((entry): entry is [string, string] => entry[1] !== undefined)
  return {
    clause: given.length > 0 ? `WHERE ${given.map(([sql]) => sql).join(' AND ')}` : '',
    args: given.map(([, value]) => value),
  }
}
