/**
 * Recognizes SQLite failures by their result code, never their text: the constraint failures that
 * services turn into stable error codes, and the generic SQLITE_ERROR.
 */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as {code?: string} | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
  (error as {code?: string} | null)?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'

export const isForeignKeyViolation = (error: unknown): boolean =>
  (error as {code?: string} | null)?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY'

/**
 * SQLite's catch-all result code, SQLITE_ERROR, with no extended code. An integer overflow in
 * `sum()` raises it (its text, "integer overflow", is not promised to stay), and so do failures with no code of
 * their own — a syntax error, a missing table or column. Those show when a statement is prepared; a
 * caller recognizes an overflow with this only around a statement already prepared, and only where
 * a misreading is harmless (orders/trade-history.ts: the exact sum is then computed another way).
 */
export const isGenericSqliteError = (error: unknown): boolean => (error as {code?: string} | null)?.code === 'SQLITE_ERROR'
