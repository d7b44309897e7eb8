import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { CalendarBusy } from '../calendar/busyTimes'
import type { Clock } from '../http/api/context'
import { createCalcomScheduler, type Fetch } from './calcomUpstream'
import type { ServerConfig } from '../config'
import type { JsonBody } from '../http/jsonBody'
import type { BookingStore, ClientLimit } from '../db/store'
import type { CancelRequest as CancelBody } from '../../core/manageWire'
import type { ValidBooking, ValidSlotsInput } from './validation'
import { createBuiltInScheduler } from './builtIn'

/**
 * Who answers the booking routes: the built-in scheduler (availability + store) or a real Cal.com
 * (CALCOM_URL), chosen once at start. Routes validate, call it and send what it answers, whichever it is.
 *
 * Answers are plain data in Cal.com's terms, never HTTP responses. A reschedule arrives as a booking
 * whose request carries `rescheduleUid` (Cal.com's way).
 */
export interface Scheduler<BookingBody = unknown, CancelAnswer = unknown, ViewBody = unknown> {
  /** Free slots for a validated slots.getSchedule input, serialised (once, to be sent many times). */
  slots(request: SlotsRequest): Promise<Outcome<JsonBody>>
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

/** A refusal with Cal.com's status and message; each route words it in its own error shape. */
export interface Refusal {
  ok: false
  status: ContentfulStatusCode
  message: string
  /** Cal.com's own error body, when it sent one (the slots route passes it through unchanged). */
  upstreamBody?: unknown
  /** For a 429: when to try again. */
  retryAfterSeconds?: number
}

export type Outcome<Body> = Answer<Body> | Refusal

export type SlotsRequest = ValidSlotsInput

/** Whom a change counts against: the daily caps of the client's network (a voice call and caller). */
export interface Requester {
  clients: readonly ClientLimit[]
}

export type BookRequest = ValidBooking & Requester

export type CancelRequest = CancelBody & Requester

export interface SchedulerDeps {
  config: ServerConfig
  store: BookingStore
  clock: Clock
  /** The fetch used for Cal.com (tests point it anywhere). */
  fetch?: Fetch
  /** Told after a change wrote mail jobs, so the mail worker sends them now rather than at its next poll. */
  onMailQueued?: () => void
  /** A fresh Message-ID part; defaults to a random UUID. */
  newId?: () => string
  /** The host's calendars (issue 24), when any is configured. */
  calendar?: CalendarBusy
}

/** Cal.com when CALCOM_URL is set, the built-in scheduler otherwise (docs/design.md#server). */
export function createScheduler({ config, store, clock, fetch, onMailQueued, newId, calendar }: SchedulerDeps): Scheduler {
  if (config.CALCOM_URL) {
    return createCalcomScheduler({ baseUrl: config.CALCOM_URL, timeoutMs: config.CALCOM_TIMEOUT_MS, fetch })
  }
  return createBuiltInScheduler({ config, store, clock, onMailQueued, newId, calendar })
}
