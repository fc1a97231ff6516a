/**
 * Real delivery: e-mail through an SMTP server (nodemailer), SMS through an HTTP provider (a POST
 * with a configurable Authorization header and JSON body template). A transport throws when the
 * message was not accepted; it never puts the message body into the error.
 */
import type {Transporter} from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js'
import type {SmsConfig, SmtpConfig} from '../ground/config.js'
import {invalid} from '../ground/errors.js'
import type {Channel, Message} from './outbox.js'

/** How long a delivery may take before it counts as failed, in ms. */
export const DELIVERY_TIMEOUT_MS = 10_000

export type Transport = {
  deliver(message: Message): Promise<void>
}

export type Transports = Partial<Record<Channel, Transport>>

/** E-mail through SMTP. nodemailer (some forty modules) is loaded by the first delivery, not by every node. */
export class SmtpTransport implements Transport {
  private transporter: Promise<Transporter<SMTPTransport.SentMessageInfo, SMTPTransport.Options>> | undefined

  constructor(private readonly config: SmtpConfig) {}

  private connect(): Promise<Transporter<SMTPTransport.SentMessageInfo, SMTPTransport.Options>> {
    const config = this.config
    this.transporter ??= import('nodemailer').then(({default: nodemailer}) =>
      nodemailer.createTransport({
        host: config.host,
        port: config.port,
        secure: config.secure,
        auth: config.user === undefined ? undefined : {user: config.user, pass: config.pass ?? ''},
        connectionTimeout: DELIVERY_TIMEOUT_MS,
        greetingTimeout: DELIVERY_TIMEOUT_MS,
        socketTimeout: DELIVERY_TIMEOUT_MS,
        logger: false,
        debug: false,
      }),
    )
    return this.transporter
  }

  async deliver(message: Message): Promise<void> {
    const info = await (
      await this.connect()
    ).sendMail({
      from: this.config.from,
      to: message.to,
      subject: message.subject,
      text: message.body,
    })
    if (info.rejected.length > 0) throw new Error(`the SMTP server rejected the recipient (${info.response})`)
  }
}

export const DEFAULT_SMS_TEMPLATE = '{"to":"{{to}}","text":"{{body}}"}'

export class HttpSmsTransport implements Transport {
  private readonly template: string

  constructor(private readonly config: SmsConfig) {
    this.template = checkSmsTemplate(config.bodyTemplate ?? DEFAULT_SMS_TEMPLATE)
  }

  async deliver(message: Message): Promise<void> {
    const headers: Record<string, string> = {'Content-Type': 'application/json'}
    if (this.config.authHeader) headers['Authorization'] = this.config.authHeader
    const response = await fetch(this.config.url, {
      method: 'POST',
      headers,
      body: renderTemplate(this.template, message.to, message.body),
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    })
    // The provider's answer may echo the text: read it to free the socket, never keep it.
    await response.arrayBuffer().catch(() => undefined)
    if (!response.ok) throw new Error(`the SMS provider answered HTTP ${response.status}`)
  }
}

/**
 * Refuses (`invalid_argument`) a template that does not render to JSON or lacks {{body}}, so a bad
 * --sms-body-template stops the node at start rather than at the first sign-up.
 */
export function checkSmsTemplate(template: string): string {
  if (!template.includes('{{body}}')) throw invalid('the SMS body template must contain {{body}}')
  try {
    JSON.parse(renderTemplate(template, '+10000000000', 'probe "text"\n'))
  } catch {
    throw invalid(
      'the SMS body template must be JSON with {{to}} and {{body}} inside strings, such as {"to":"{{to}}","text":"{{body}}"}',
    )
  }
  return template
}

/** Fills {{to}} and {{body}} with JSON-escaped text (the placeholders sit inside JSON strings). */
export function renderTemplate(template: string, to: string, body: string): string {
  const escape = (text: string) => JSON.stringify(text).slice(1, -1)
  return template.replaceAll('{{to}}', escape(to)).replaceAll('{{body}}', escape(body))
}

/** The transports configured for a node; a channel without one keeps its messages in the outbox. */
export function transportsFrom(config: {smtp?: SmtpConfig; sms?: SmsConfig}): Transports {
  const transports: Transports = {}
  if (config.smtp) transports.email = new SmtpTransport(config.smtp)
  if (config.sms) transports.sms = new HttpSmsTransport(config.sms)
  return transports
}
