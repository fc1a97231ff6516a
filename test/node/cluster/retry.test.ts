/**
 * retryStartup (cluster/retry.ts): a JetStream start-up step that times out is tried again until it
 * succeeds; a refusal is final; past the deadline the last error is thrown; a stopped process gives up
 * at once.
 */
import test from 'ava'
import {retryStartup} from '../../../src/node/cluster/retry.js'
import {StartupRefused} from '../../../src/node/store/refusal.js'
import {memoryLogger} from '../../helpers/cluster.js'

const timeout = () => Object.assign(new Error('TIMEOUT'), {name: 'TimeoutError'})

test('a step that times out twice is tried again and its answer returned; the first failure is logged', async (t) => {
  const {logger, lines} = memoryLogger()
  let calls = 0
  const answer = await retryStartup(
    async () => {
      if (++calls < 3) throw timeout()
      return 'done'
    },
    {logger, what: 'the step'},
  )
  t.is(answer, 'done')
  t.is(calls, 3)
  t.is(lines.filter((line) => line.includes('the step failed; retrying')).length, 1)
})

test('a refusal is thrown at once', async (t) => {
  let calls = 0
  const refused = new StartupRefused('not ours')
  const error = await t.throwsAsync(
    retryStartup(
      async () => {
        calls++
        throw refused
      },
      {logger: memoryLogger().logger, what: 'the step'},
    ),
  )
  t.is(error, refused)
  t.is(calls, 1)
})

test('past the deadline, or once stopped, the last error is thrown', async (t) => {
  let calls = 0
  const started = Date.now()
  await t.throwsAsync(
    retryStartup(
      async () => {
        calls++
        throw timeout()
      },
      {logger: memoryLogger().logger, what: 'the step', giveUpMs: 300},
    ),
    {name: 'TimeoutError'},
  )
  t.true(calls >= 2 && Date.now() - started < 2000, `${calls} calls`)
  let stoppedCalls = 0
  await t.throwsAsync(
    retryStartup(
      async () => {
        stoppedCalls++
        throw timeout()
      },
      {logger: memoryLogger().logger, what: 'the step', stopped: () => true},
    ),
  )
  t.is(stoppedCalls, 1)
})
