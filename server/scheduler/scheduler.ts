import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Temporal } from 'temporal-polyfill'
import type { JsonBody } from '../runtime/jsonBody'
import type { ClientLimit } from '../db/store'
import type { Refusal } from '../refusals'
import type { CancelRequest as CancelBody } from '../../core/manageWire'
import type { ValidBooking, ValidSlotsInput } from './validation'

/**
 * Who answers the booking routes: the built-in scheduler (builtIn.ts: availability + store) or a real
 * Cal.com (calcomUpstream.ts, CALCOM_URL), chosen once at start (chooseScheduler.ts). Routes validate,
 * call it and send what it answers, whichever it is. This file only declares; it imports no implementation.
 *
 * Answers are plain data in Cal.com's terms, never HTTP responses. A reschedule arrives as a booking
 * whose request carries `rescheduleUid` (Cal.com's way).
 */
export interface Scheduler<BookingBody = unknown, CancelAnswer = unknown, ViewBody = unknown> {
  /** Free slots for a validated slots.getSchedule input, serialised (once, to be sent many times). */
  slots(request: SlotsRequest): Promise<Outcome<JsonBody>>
  /** The same free slots as instants, in order (the voice tools read them: no wire text in between). */
  freeSlots(request: SlotsRequest): Promise<Outcome<Temporal.Instant[]>>
  /** Books (or dry-runs) a validated booking request, or moves the booking of its `rescheduleUid`. */
  book(request: BookRequest): Promise<Outcome<BookingBody>>
  /** Cancels the booking of a validated cancel request (POST /api/cancel). */
  cancel(request: CancelRequest): Promise<Outcome<CancelAnswer>>
  /** One booking as the manage page shows it (GET /api/booking/{uid}). */
  booking(uid: string): Promise<Outcome<ViewBody>>
}

/** The body a route sends as JSON, with its status (Cal.com's own in Cal.com mode). */
export interface Answer<Body> {
  ok: true
  status: ContentfulStatusCode
  body: Body
}

/** An answer, or why not: a refusal code of server/refusals.ts, the same from the store to the routes. */
export type Outcome<Body> = Answer<Body> | Refusal

export type SlotsRequest = ValidSlotsInput

/** Whom a change counts against: the daily caps of the client's network (a voice call and caller). */
export interface Requester {
  clients: readonly ClientLimit[]
}

/**
 * `channel`: 'voice' for the assistant's book_call (never asked for an email code); absent, the web. `ownerNetwork`:
 * the client's widest network (server/limits/keys.ts ownerNetworkKey), whose day of code emails is capped.
 */
export type BookRequest = ValidBooking & Requester & { channel?: 'web' | 'voice'; ownerNetwork?: string }

/** `by`: 'host' when the agency cancels from the desk (no notice period; the mails and webhook say so); absent, the visitor. */
export type CancelRequest = CancelBody & Requester & { by?: 'visitor' | 'host' }
