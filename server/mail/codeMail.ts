/**
 * The email that carries a booking's code (docs/design.md#email-codes). Its address is not proven yet, so it holds
 * the code and the agency's words only: nothing the visitor wrote (not even their name), no time, no link.
 */
import { EMAIL_CODE_MINUTES } from '../../core/emailVerification'
import { renderHtml, renderText, type MailContent } from './layout'
import type { MailSettings, NewMailJob } from '../db/mailMessage'
import { agencySignature } from './mailSentences'

export function codeContent(code: string, settings: MailSettings): MailContent {
  return {
    subject: `${code} is your code to book a call with ${settings.hostName}`,
    greeting: 'Kia ora,',
    intro: [`Enter this code on the booking page to confirm your call with ${settings.hostName}:`],
    details: [['Code', code]],
    outro: [
      `It works for ${EMAIL_CODE_MINUTES} minutes. If you did not ask for it, ignore this email: no call is booked without the code.`,
    ],
    signature: agencySignature(settings.hostName),
  }
}

/** The code's email as an outbox job: not sent once the code has expired. */
export function codeMail(options: { code: string; to: string; expiresAt: string; settings: MailSettings; newId: () => string }): NewMailJob {
  const { settings } = options
  const content = codeContent(options.code, settings)
  const domain = settings.from.address.split('@').pop() as string
  return {
    messageId: `<${options.newId()}@${domain}>`,
    kind: 'code',
    recipient: 'visitor',
    notAfter: options.expiresAt,
    message: {
      from: settings.from,
      to: { name: '', address: options.to },
      cc: [],
      replyTo: settings.hostEmail ? { name: settings.hostName, address: settings.hostEmail } : null,
      subject: content.subject,
      text: renderText(content),
      html: renderHtml(content),
    },
  }
}
