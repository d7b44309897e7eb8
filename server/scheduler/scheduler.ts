import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Clock } from '../api/context'
import { createCalcomScheduler, type Fetch } from '../calcomUpstream'
import type { ServerConfig } from '../config'
import type { BookingStore } from '../db/store'
import type { ValidBooking, ValidSlotsInput } from '../validation'
import { createBuiltInScheduler } from './builtIn'

/**
 * Who answers the booking routes: the built-in scheduler (availability + store) or a real Cal.com
 * (CALCOM_URL), chosen once at start. Routes validate, call it and send what it answers, whichever it is.
 *
 * Answers are plain data in Cal.com's terms, never HTTP responses. Reschedule will arrive as a booking
 * whose request carries `rescheduleUid`; cancel as one more method with its own validated input.
 */
export interface Scheduler<SlotsBody = unknown, BookingBody = unknown> {
  /** Free slots for a validated slots.getSchedule input. */
  slots(request: SlotsRequest): Promise<Outcome<SlotsBody>>
  /** Books (or dry-runs) a validated booking request. */
  book(request: BookRequest): Promise<Outcome<BookingBody>>
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
}

export type Outcome<Body> = Answer<Body> | Refusal

export interface SlotsRequest extends ValidSlotsInput {
  /** The `input` query value as sent, still encoded: Cal.com mode forwards it unchanged for now. */
  encodedInput: string
}

export interface BookRequest extends ValidBooking {
  /** The body as received: Cal.com mode forwards it byte for byte for now. */
  rawBody: string
}

export interface SchedulerDeps {
  config: ServerConfig
  store: BookingStore
  clock: Clock
  /** The fetch used for Cal.com (tests point it anywhere). */
  fetch?: Fetch
}

/** Cal.com when CALCOM_URL is set, the built-in scheduler otherwise (DESIGN §4). */
export function createScheduler({ config, store, clock, fetch }: SchedulerDeps): Scheduler {
  if (config.CALCOM_URL) {
    return createCalcomScheduler({ baseUrl: config.CALCOM_URL, timeoutMs: config.CALCOM_TIMEOUT_MS, fetch })
  }
  return createBuiltInScheduler({ config, store, clock })
}
