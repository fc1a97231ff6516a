export const tiersSchema = `
CREATE TABLE tiers (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE,
  limits     TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX tiers_one_default ON tiers (is_default) WHERE is_default = 1;
`
