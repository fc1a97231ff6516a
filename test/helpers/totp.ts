/**
 * An authenticator app for tests, whatever the clock's position in the 30 s TOTP step.
 *
 * The node accepts a code of the steps S-1, S, S+1 around its own now S, and each code only for a
 * later step than the last one it accepted. A test that computes "the previous step's code" and sends
 * it after a step boundary sends a code two steps old (refused, 400 where 200 was expected). The
 * authenticator instead hands out codes of strictly increasing steps, each chosen at the moment it is
 * asked for so that it stays accepted for the next MARGIN_S seconds; when the next step is still too
 * far ahead, it waits until the clock reaches it (at most MARGIN_S seconds).
 */
import {generate} from 'otplib'

const STEP_S = 30
/** How long a handed-out code stays valid at least: time enough for the request or two that use it. */
export const MARGIN_S = 5

const stepAt = (ms: number): number => Math.floor(ms / 1000 / STEP_S)

export type Authenticator = {
  /** A code of a later step than any handed out before, accepted by the node for at least MARGIN_S seconds. */
  next(): Promise<string>
  /**
   * A well-formed code that is none of the steps the node may accept in the next MARGIN_S seconds;
   * `index` 1, 2, … gives further such codes, each different.
   */
  wrong(index?: number): Promise<string>
}

export function authenticator(secret: string): Authenticator {
  let last = -Infinity
  const codeOf = (step: number): Promise<string> => generate({secret, epoch: step * STEP_S})
  return {
    async next() {
      // The oldest step still accepted MARGIN_S seconds from now, and never one handed out already.
      const step = Math.max(last + 1, stepAt(Date.now() + MARGIN_S * 1000) - 1)
      // Accepted from the moment the node's now reaches step - 1.
      const acceptedFrom = (step - 1) * STEP_S * 1000
      if (Date.now() < acceptedFrom) await new Promise((resolve) => setTimeout(resolve, acceptedFrom - Date.now() + 50))
      last = step
      return codeOf(step)
    },
    async wrong(index = 0) {
      const now = stepAt(Date.now())
      const valid = new Set(await Promise.all([-2, -1, 0, 1, 2].map((offset) => codeOf(now + offset))))
      for (let n = 0, found = 0; ; n++) {
        const candidate = String(n).padStart(6, '0')
        if (!valid.has(candidate) && found++ === index) return candidate
      }
    },
  }
}
