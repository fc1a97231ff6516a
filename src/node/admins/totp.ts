/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s) for administrators, compatible with common authenticator
 * apps. A code is accepted within one step of clock drift either way, and never twice: the caller
 * stores the accepted time step and passes it back as `afterStep`.
 */
import {generateSecret, generateURI, verify} from 'otplib'

export const TOTP_ISSUER = 'Exchange AdminGateway'

export const newTotpSecret = (): string => generateSecret()

/** The otpauth:// URI an authenticator app scans. */
export const totpUri = (email: string, secret: string): string => generateURI({issuer: TOTP_ISSUER, label: email, secret})

/** The time step `code` is valid for, strictly after `afterStep`; undefined when the code is wrong, malformed or replayed. */
export async function acceptTotp(secret: string, code: unknown, afterStep: number): Promise<number | undefined> {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return undefined
  const result = await verify({secret, token: code, epochTolerance: 30, afterTimeStep: afterStep})
  return result.valid && 'timeStep' in result ? result.timeStep : undefined
}
