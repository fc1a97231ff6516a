/**
 * notify/transports.ts through the Notifier, against real servers on 127.0.0.1:0: e-mail to an
 * SMTP server (smtp-server) and SMS to an HTTP endpoint (node:http), as docs/account-flows.md
 * "E-mail and SMS delivery" describes. A delivery is recorded `sent`; a refused one `failed` with
 * a reason that carries neither the body nor the provider's answer, and `deliver` still resolves:
 * the message is recorded, not lost, and its sender (a sign-up) is answered.
 */
import http from 'node:http'
import net, {type AddressInfo} from 'node:net'
import test, {type ExecutionContext} from 'ava'
import {createLogger} from '../../../src/node/ground/logger.js'
import {Notifier} from '../../../src/node/notify/notifier.js'
import {Outbox} from '../../../src/node/notify/outbox.js'
import {
  checkSmsTemplate,
  DEFAULT_SMS_TEMPLATE,
  HttpSmsTransport,
  SmtpTransport,
  type Transports,
} from '../../../src/node/notify/transports.js'
import {startMailServer, startSmsServer} from '../../helpers/account-flows.js'
import {memoryStore} from '../../helpers/memory.js'

const FROM = 'Exchange <no-reply@exchange.test>'
const CODE = '918273'
const BODY = `Your verification code is ${CODE}`

/** A Notifier over a fresh store with these transports, and the log lines it writes. */
function notifier(t: ExecutionContext, transports: Transports): {notifier: Notifier; outbox: Outbox; logs: string[]} {
  const db = memoryStore()
  t.teardown(() => db.close())
  const outbox = new Outbox(db)
  const logs: string[] = []
  return {
    notifier: new Notifier(outbox, transports, createLogger('info', {write: (line: string) => void logs.push(line)})),
    outbox,
    logs,
  }
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

test('e-mail goes to the SMTP server with AUTH, from the configured sender, to the recipient; recorded sent without body or code', async (t) => {
  const server = await startMailServer()
  t.teardown(() => server.close())
  const smtp = new SmtpTransport({
    host: '127.0.0.1',
    port: server.port,
    secure: false,
    user: 'mailer',
    pass: 'mail-pass',
    from: FROM,
  })
  const {notifier: sender, outbox, logs} = notifier(t, {email: smtp})
  const record = await sender.deliver({channel: 'email', to: 'alice@example.com', subject: 'Your code', body: BODY, code: CODE})
  t.like(record, {status: 'sent', channel: 'email', to: 'alice@example.com', subject: 'Your code', body: '', code: '', error: ''})
  t.deepEqual(outbox.list(), [record])
  t.is(server.mails.length, 1)
  const [mail] = server.mails
  t.is(mail!.user, 'mailer')
  t.is(mail!.from, 'no-reply@exchange.test')
  t.deepEqual(mail!.to, ['alice@example.com'])
  t.regex(mail!.raw, /^From: Exchange <no-reply@exchange\.test>\r$/m)
  t.regex(mail!.raw, /^Subject: Your code\r$/m)
  t.true(mail!.raw.slice(mail!.raw.indexOf('\r\n\r\n')).includes(BODY))
  t.false(logs.join('').includes(CODE))
})

test('SMS is POSTed as JSON with the Authorization header and the body template, the text JSON-escaped; recorded sent', async (t) => {
  const server = await startSmsServer()
  t.teardown(() => server.close())
  const sms = new HttpSmsTransport({
    url: server.url,
    authHeader: 'Bearer sms-provider-key',
    bodyTemplate: '{"recipient":"{{to}}","message":"{{body}}","sender":"EXCHANGE"}',
  })
  const {notifier: sender} = notifier(t, {sms})
  const text = `code: ${CODE}\n"do not share" \\ ünïcode`
  const record = await sender.send('sms', '+15550001111', '', text)
  t.like(record, {status: 'sent', channel: 'sms', to: '+15550001111', body: '', error: ''})
  t.is(server.messages.length, 1)
  const [message] = server.messages
  t.is(message!.authorization, 'Bearer sms-provider-key')
  t.regex(message!.contentType ?? '', /^application\/json/)
  t.deepEqual(message!.body, {recipient: '+15550001111', message: text, sender: 'EXCHANGE'})
})

test('the default SMS body is {"to", "text"} and no Authorization header is sent without one', async (t) => {
  const server = await startSmsServer()
  t.teardown(() => server.close())
  const {notifier: sender} = notifier(t, {sms: new HttpSmsTransport({url: server.url})})
  t.is((await sender.send('sms', '+15550003333', '', BODY)).status, 'sent')
  t.deepEqual(server.messages[0]!.body, {to: '+15550003333', text: BODY})
  t.is(server.messages[0]!.authorization, undefined)
})

test('refused deliveries are recorded failed with a short reason, never the body nor the answer; each message on its own', async (t) => {
  const sms = await startSmsServer(['+15550009999'])
  t.teardown(() => sms.close())
  // A provider whose refusal echoes the text it was sent.
  const echo = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => res.writeHead(400, {'Content-Type': 'application/json'}).end(Buffer.concat(chunks)))
  })
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => echo.close(() => resolve())))
  const mail = await startMailServer()
  t.teardown(() => mail.close())

  const cases: [string, Transports, 'email' | 'sms', string, RegExp][] = [
    ['SMS provider answers 503', {sms: new HttpSmsTransport({url: sms.url})}, 'sms', '+15550009999', /HTTP 503/],
    [
      'SMS provider echoes the text in a 400',
      {sms: new HttpSmsTransport({url: `http://127.0.0.1:${(echo.address() as AddressInfo).port}/`})},
      'sms',
      '+15550004444',
      /HTTP 400/,
    ],
    [
      'nobody listens on the SMTP port',
      {email: new SmtpTransport({host: '127.0.0.1', port: await closedPort(), secure: false, from: FROM})},
      'email',
      'bob@example.com',
      /ECONNREFUSED/,
    ],
    [
      'the SMTP server refuses the credentials',
      {email: new SmtpTransport({host: '127.0.0.1', port: mail.port, secure: false, user: 'mailer', pass: 'wrong', from: FROM})},
      'email',
      'carol@example.com',
      /^EAUTH: .*535/,
    ],
  ]
  for (const [name, transports, channel, to, reason] of cases) {
    const {notifier: sender, outbox, logs} = notifier(t, transports)
    const record = await sender.send(channel, to, 'Your code', BODY)
    t.like(record, {status: 'failed', channel, to, body: '', code: ''}, name)
    t.regex(record.error, reason, name)
    t.true(record.error.length <= 200, name)
    t.false(record.error.includes(CODE), name)
    t.deepEqual(outbox.list(), [record], name)
    t.true(
      logs.some((line) => line.includes('message delivery failed') && line.includes(record.id)),
      name,
    )
    t.false(logs.join('').includes(CODE), name)
  }
  t.is(mail.mails.length, 0)

  // One refused message among several: the others are still delivered, each with its own record.
  const {notifier: sender} = notifier(t, {sms: new HttpSmsTransport({url: sms.url})})
  const records = await sender.sendAll(
    ['+15550005555', '+15550009999', '+15550006666'].map((to) => ({channel: 'sms' as const, to, subject: '', body: BODY})),
  )
  t.deepEqual(
    records.map((record) => [record.to, record.status]),
    [
      ['+15550005555', 'sent'],
      ['+15550009999', 'failed'],
      ['+15550006666', 'sent'],
    ],
  )
})

test('an SMS template must carry {{body}} and render to JSON; a bad one is refused when the transport is made', (t) => {
  t.is(checkSmsTemplate(DEFAULT_SMS_TEMPLATE), DEFAULT_SMS_TEMPLATE)
  t.is(checkSmsTemplate('{"to":"{{to}}","message":{"text":"{{body}}"}}'), '{"to":"{{to}}","message":{"text":"{{body}}"}}')
  for (const template of ['{"to":"{{to}}"}', 'to={{to}}&text={{body}}', '{"text":{{body}}}', '{"text":"{{body}}"']) {
    t.throws(() => checkSmsTemplate(template), {name: 'ExchangeError'}, template)
    t.throws(() => new HttpSmsTransport({url: 'http://127.0.0.1:9/', bodyTemplate: template}), {name: 'ExchangeError'}, template)
  }
})
