/** AES-256-GCM sealing of secrets at rest: `v1.<iv b64>.<tag b64>.<ciphertext b64>`. */
import {createCipheriv, createDecipheriv, randomBytes} from 'node:crypto'

/** The GCM tag every sealed secret carries, and the only length `unseal` accepts. */
const TAG_BYTES = 16

export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv, {authTagLength: TAG_BYTES})
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join('.')
}

export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown sealed secret format')
  // The tag's length is fixed: without it, GCM would check a tag of 4 to 16 bytes on as many bytes as
  // it is given, and a forger would need 2^32 tries instead of 2^128.
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'), {authTagLength: TAG_BYTES})
  decipher.setAuthTag(Buffer.from(tag, 'base64'))
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8')
}
