/**
 * The outbox as a mailbox: the .eml files the server writes into DATA_DIR/outbox/ without SMTP_URL,
 * parsed by mailparser as a mail program would read them.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { simpleParser, type AddressObject } from 'mailparser'

export interface ReceivedMail {
  file: string
  to: string
  subject: string
  text: string
  /** The HTML part as sent ('' when there is none). */
  html: string
  attachments: string[]
}

const addresses = (to: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(to) ? to : to ? [to] : []).map((a) => a.text).join(', ')

/** Every message written so far, oldest file name first. */
export async function readOutbox(dataDir: string): Promise<ReceivedMail[]> {
  const dir = join(dataDir, 'outbox')
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort()
  return Promise.all(
    files.map(async (file) => {
      const mail = await simpleParser(await readFile(join(dir, file)))
      return {
        file,
        to: addresses(mail.to),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: mail.html || '',
        attachments: mail.attachments.map((a) => a.filename ?? ''),
      }
    }),
  )
}
