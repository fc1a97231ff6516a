/**
 * Waiting on a condition instead of sleeping a fixed time: a test goes on the moment the thing it
 * waits for is true, and a fixed sleep long enough for a loaded machine is waste on a quiet one.
 */
import {setTimeout as delay} from 'node:timers/promises'

/**
 * Polls `condition` (sync or async) every `intervalMs` until it holds; true when it did within
 * `timeoutMs`, false when the time ran out (assert on it: `t.true(await waitFor(...), 'why')`).
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  intervalMs = 10,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await condition()) return true
    if (Date.now() > deadline) return false
    await delay(intervalMs)
  }
}
