/**
 * notify/outbox.ts and the Notifier without transports: a node with no SMTP server or SMS provider
 * configured keeps every message in the outbox (`stored`, body and code included) for an operator
 * (`exchange outbox list`); a delivered or failed message leaves only its record, never its body,
 * which carries a verification code (docs/account-flows.md "E-mail and SMS delivery").
 */
import test, {type ExecutionContext} from 'ava'
import {createLogger} from '../../../src/node/ground/logger.js'
import {Notifier} from '../../../src/node/notify/notifier.js'
import {MAX_LIST_LIMIT, Outbox, type Message} from '../../../src/node/notify/outbox.js'
import {memoryStore} from '../../helpers/memory.js'

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

function outbox(t: ExecutionContext): Outbox {
  const db = memoryStore()
  t.teardown(() => db.close())
  return new Outbox(db)
}

const mail = (to: string, code = '123456'): Message => ({
  channel: 'email',
  to,
  subject: 'Your exchange verification code',
  body: `Your verification code is ${code}`,
  code,
})

test('without a transport a message is kept (stored) with its body and code; the log names it, not its body', async (t) => {
  const box = outbox(t)
  const lines: string[] = []
  const notifier = new Notifier(box, {}, createLogger('info', {write: (line: string) => void lines.push(line)}))
  const kept = await notifier.deliver(mail('alice@example.com', '424242'))
  t.like(kept, {channel: 'email', to: 'alice@example.com', status: 'stored', code: '424242', error: ''})
  t.is(kept.body, 'Your verification code is 424242')
  t.regex(kept.createdAt, ISO_MS)
  const sms = await notifier.send('sms', '+15550001111', '', 'code: 777777')
  t.like(sms, {channel: 'sms', status: 'stored', body: 'code: 777777', code: ''})
  t.deepEqual(
    box.list().map((message) => message.id),
    [sms.id, kept.id],
  )
  t.is(lines.length, 2)
  for (const line of lines) {
    t.regex(line, /message kept in the outbox/)
    t.notRegex(line, /424242|777777/)
  }
  t.true(lines.some((line) => line.includes(kept.id)))
})

test('a sent or failed message is recorded without its body or code; the failure keeps its reason', (t) => {
  const box = outbox(t)
  const sent = box.record(mail('bob@example.com'), 'sent')
  t.like(sent, {status: 'sent', body: '', code: '', error: '', to: 'bob@example.com', subject: 'Your exchange verification code'})
  const failed = box.record(mail('bob@example.com'), 'failed', 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:25')
  t.like(failed, {status: 'failed', body: '', code: '', error: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:25'})
})

test('list: newest first, by channel and by recipient in any case, 50 by default and at most 500', (t) => {
  const box = outbox(t)
  for (let i = 0; i < 60; i++) box.record(mail(`user${i}@example.com`), 'stored')
  box.record({channel: 'sms', to: '+15550002222', subject: '', body: 'code: 1'}, 'stored')
  const newest = box.list()
  t.is(newest.length, 50)
  t.is(newest[0]!.to, '+15550002222')
  t.is(newest[1]!.to, 'user59@example.com')
  t.is(box.list({limit: 500}).length, 61)
  t.deepEqual(
    box.list({channel: 'sms'}).map((message) => message.to),
    ['+15550002222'],
  )
  t.is(box.list({channel: 'email', limit: 500}).length, 60)
  t.deepEqual(
    box.list({to: 'USER7@Example.com'}).map((message) => message.to),
    ['user7@example.com'],
  )
  t.deepEqual(box.list({to: 'nobody@example.com'}), [])
  for (const filter of [{limit: MAX_LIST_LIMIT + 1}, {limit: -1}, {limit: 1.5}, {limit: '5'}, {channel: 'fax'}]) {
    t.throws(() => box.list(filter), {name: 'ExchangeError'}, JSON.stringify(filter))
  }
})
