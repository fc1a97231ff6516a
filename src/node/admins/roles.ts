/** The roles of administrator users. What each may call is the RBAC table in admin-gateway/rbac.ts. */
export const ADMIN_ROLES = ['superadmin', 'operator', 'finance', 'arbitrator', 'auditor'] as const

export type AdminRole = (typeof ADMIN_ROLES)[number]

export const isAdminRole = (value: unknown): value is AdminRole =>
  typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value)
