/**
 * Whether a new booking needs a code emailed to its address, and the code step itself (docs/design.md#email-codes):
 * BOOKING_VERIFY decides; the count of the hour and the codes are the database's (server/db/emailCodes.ts), so
 * every instance decides alike.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { Temporal } from 'temporal-polyfill'
import {
  addressMailLimitSentence,
  EMAIL_CODE_DIGITS,
  EMAIL_CODE_MAILS_PER_ADDRESS,
  EMAIL_CODE_MAILS_PER_NETWORK,
  EMAIL_CODE_MINUTES,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_RETURNING_SHARE,
  EMAIL_CODE_TRIES,
  networkMailLimitSentence,
} from '../../core/emailVerification'
import type { ServerConfig } from '../config'
import type { BookingGate, BookingStore, ClientLimit, InsertResult } from '../db/store'
import { emailKey } from '../limits/keys'
import type { Logger } from '../log/logger'
import { codeMail } from '../mail/codeMail'
import { mailSettings } from '../mail/settings'
import { refuse, type Refusal } from '../refusals'
import { proofOfWork } from './proofOfWork'

/** Who asks to book: the web (the form, the API) or the voice assistant's book_call, which is never asked for a code. */
export type Channel = 'web' | 'voice'

export interface CodeRequest {
  email: string
  /** `emailVerificationCode`, when the request carries one. */
  code: string | undefined
  channel: Channel
  clients: readonly ClientLimit[]
  /** The client's widest network (server/limits/keys.ts ownerNetworkKey); absent, not known. */
  ownerNetwork?: string | undefined
  /** `altcha`, the proof of work solved for a code email (./proofOfWork.ts), when the request carries one. */
  proof?: string | undefined
}

export function emailCodes({
  config,
  store,
  newId,
  log,
}: {
  config: ServerConfig
  store: BookingStore
  newId: () => string
  /** Where the line goes when codes turn on or off: counts only. */
  log?: Pick<Logger, 'info'>
}) {
  const secret = store.calendarSecret
  const settings = mailSettings(config, secret)
  const mode = config.BOOKING_VERIFY
  const after = config.BOOKING_VERIFY_AFTER
  const assistant = Boolean(config.VITE_VAPI_PUBLIC_KEY && config.VITE_VAPI_ASSISTANT_ID)
  // Labelled, so the server's one secret serves each purpose apart (as the video rooms' and the UIDs').
  const addressKey = (email: string) => createHmac('sha256', secret).update(`email-code-address:${emailKey(email)}`).digest('hex')
  const codeHash = (address: string, code: string) => createHmac('sha256', secret).update(`email-code:${address}:${code}`).digest('hex')
  const matches = (stored: string, given: string) => {
    const [a, b] = [Buffer.from(stored, 'hex'), Buffer.from(given, 'hex')]
    return a.length === b.length && timingSafeEqual(a, b)
  }
  const proofs = proofOfWork({
    secret,
    spent: { spend: (nonce, expiresAt) => store.emailCodes.spendProof(nonce, expiresAt) },
    tries: config.BOOKING_VERIFY_PROOF_TRIES,
  })
  /** What this instance last saw of the hour: codes asked for or not (one log line at each change). */
  let on = false

  /**
   * The day's caps a code email counts against besides the client's own (docs/email-codes.md): its address's and
   * its owner network's, each refusing with its sentence and the other ways to book.
   */
  const codeCaps = (email: string, address: string, ownerNetwork: string | undefined): ClientLimit[] => [
    { key: `code-address:${address}`, maxPerDay: EMAIL_CODE_MAILS_PER_ADDRESS, message: addressMailLimitSentence(email, config.HOST_EMAIL, assistant) },
    ...(ownerNetwork
      ? [{ key: `code-network:${ownerNetwork}`, maxPerDay: EMAIL_CODE_MAILS_PER_NETWORK, message: networkMailLimitSentence(config.HOST_EMAIL, assistant) }]
      : []),
  ]

  /**
   * Emails a new code to `email` unless a limit refuses; either way the booking waits. First the browser proves its
   * work (docs/email-codes.md#proof-of-work): without a proof, or with one spent, it gets a challenge, harder as the
   * hour's code emails run out.
   */
  async function ask({ email, clients, ownerNetwork, proof }: CodeRequest, now: Temporal.Instant): Promise<Refusal> {
    const perHour = config.BOOKING_VERIFY_MAILS_PER_HOUR
    if (!(await proofs.verify(proof))) {
      const load = (await store.emailCodes.mailsSince(now.subtract({ hours: 1 }))) / perHour
      return { ...refuse('proofRequired'), challenge: await proofs.challenge(load) }
    }
    const code = String(randomInt(0, 10 ** EMAIL_CODE_DIGITS)).padStart(EMAIL_CODE_DIGITS, '0')
    const address = addressKey(email)
    const expiresAt = now.add({ minutes: EMAIL_CODE_MINUTES })
    const issued = await store.emailCodes.issue({
      addressKey: address,
      codeHash: codeHash(address, code),
      now,
      expiresAt,
      resendSeconds: EMAIL_CODE_RESEND_SECONDS,
      perHour,
      perHourForNewcomers: Math.max(1, perHour - Math.ceil(perHour * EMAIL_CODE_RETURNING_SHARE)),
      bookerKey: emailKey(email),
      clients: [...clients, ...codeCaps(email, address, ownerNetwork)],
      mail: codeMail({ code, to: email, expiresAt: expiresAt.toString(), settings, newId }),
    })
    if (issued.ok) return { ...refuse('codeRequired'), email }
    if (issued.code === 'dailyLimit') return issued
    return { ...issued, email, assistant }
  }

  return {
    ask,

    /**
     * What the booking's transaction must check (server/db/bookingChanges.ts BookingGate), or why it cannot be
     * tried: a wrong or spent code, or (BOOKING_VERIFY=always) no code yet, which sends one. The right code of a
     * booking already made (`bookedAs`, its uid): the same request sent again, its answer lost on the way.
     */
    async admit(request: CodeRequest, now: Temporal.Instant): Promise<{ ok: true; gate: BookingGate } | { ok: true; bookedAs: string } | Refusal> {
      if (request.channel === 'voice' || mode === 'off') return { ok: true, gate: { channel: request.channel } }
      if (request.code === undefined) {
        if (mode === 'always') return ask(request, now)
        return { ok: true, gate: { channel: 'web', hourly: { since: now.subtract({ hours: 1 }), atMost: after } } }
      }
      const address = addressKey(request.email)
      const tried = await store.emailCodes.try(address, now, EMAIL_CODE_TRIES)
      if (!tried) return refuse('codeExpired')
      const right = matches(tried.codeHash, codeHash(address, request.code))
      // A used code books nothing more; right, it names the booking it made (the caller checks it is this request's).
      if (tried.used) return right && tried.bookingUid ? { ok: true, bookedAs: tried.bookingUid } : refuse('codeExpired')
      if (right) return { ok: true, gate: { channel: 'web', codeId: tried.id } }
      const triesLeft = EMAIL_CODE_TRIES - tried.tries
      return triesLeft > 0 ? { ...refuse('codeWrong'), triesLeft } : refuse('codeExpired')
    },

    /** Notes what a booking's transaction counted of the hour; says so once when codes turn on or off. */
    observe(result: InsertResult): void {
      const recent = result.ok ? result.recent : result.code === 'codeRequired' ? result.recent : undefined
      if (recent === undefined || recent >= after === on) return
      on = recent >= after
      log?.info(
        { bookingsLastHour: recent, threshold: after },
        on
          ? `Email codes on: ${recent} bookings in the last hour (BOOKING_VERIFY_AFTER=${after}); new bookings need a code emailed to their address`
          : `Email codes off: ${recent} bookings in the last hour (BOOKING_VERIFY_AFTER=${after}); bookings need no code`,
      )
    },
  }
}
