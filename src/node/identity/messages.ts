/** What the identity service says to users by e-mail and SMS. Bodies carry codes: never log them. */
import type {Message} from '../notify/outbox.js'

export function signUpEmail(to: string, code: string, validMinutes: number): Message {
  return {
    channel: 'email',
    to,
    subject: 'Your exchange verification code',
    body: [
      `Your e-mail verification code is ${code}.`,
      '',
      `It expires in ${validMinutes} minutes. Enter it together with the code sent to your phone to finish signing up.`,
      'If you did not sign up, ignore this message.',
    ].join('\n'),
    code,
  }
}

export function signUpSms(to: string, code: string, validMinutes: number): Message {
  return {channel: 'sms', to, subject: '', body: `Exchange sign-up code: ${code}. It expires in ${validMinutes} minutes.`, code}
}
