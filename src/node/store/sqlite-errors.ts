/** Recognizes SQLite constraint failures so that services can turn them into stable error codes. */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as {code?: string} | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
  (error as {code?: string} | null)?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'

export const isForeignKeyViolation = (error: unknown): boolean =>
  (error as {code?: string} | null)?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
