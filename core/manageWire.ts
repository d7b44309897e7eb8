/**
 * The wire formats of managing a booking, beside ./bookingWire: the manage page reads one
 * booking, cancels it, or reschedules it (POST /api/book/event with `rescheduleUid`, in ./bookingWire).
 * The booking's random uid is the capability, as in Cal.com: the view tells as little as it can.
 */
import * as v from 'valibot'
import { isPlainLines } from './bookingFields'
import { BookingRequestSchema, callLocationEntries, WIRE_MESSAGES } from './bookingWire'

/** A booking uid as the built-in scheduler makes them (a random UUID). Anything else is "not found". */
export const BOOKING_UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const isBookingUid = (uid: string): boolean => BOOKING_UID.test(uid)

export const CANCELLATION_REASON_MAX_LENGTH = 500

/**
 * The book of the manage API's sentences (docs/design.md#errors), answered as `message`; the page shows them as
 * they are. The sentences that take a number are the functions below.
 */
export const MANAGE_MESSAGES = {
  notFound: 'This booking was not found.',
  uid: 'The booking reference is missing.',
  reason: `The reason must be at most ${CANCELLATION_REASON_MAX_LENGTH} characters, without control or invisible characters.`,
  cancelled: 'Booking successfully cancelled.',
  alreadyCancelled: 'This call has already been cancelled.',
  pastCancel: 'This call has already started or taken place, so it can no longer be cancelled.',
  cancelledReschedule: 'This call was cancelled, so it cannot be moved. Please book a new call instead.',
  pastReschedule: 'This call has already started or taken place, so it can no longer be moved.',
  sameStart: 'Your call is already at this time. Please choose another time.',
  /** The daily cap of a client's network (RATE_LIMIT_BOOKINGS_PER_DAY), for bookings, moves and cancellations alike. */
  dailyLimit: 'Too many calls have been booked from your network today. Please try again tomorrow.',
} as const

export type ManageCode = keyof typeof MANAGE_MESSAGES

/** A duration in minutes as a visitor reads it: '60 minutes' is '1 hour', '90 minutes' stays as it is. */
const noticeLength = (minutes: number): string => {
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/**
 * Closer than SCHEDULE_CHANGE_NOTICE_MINUTES to the start: the 409 sentence of POST /api/cancel and of a
 * reschedule, and what the manage page shows instead of its buttons. It says why and how to reach the host.
 */
export const changeNoticeMessage = (minutes: number, hostEmail?: string): string =>
  `Calls can be cancelled or moved online until ${noticeLength(minutes)} before they start, so this one can no longer be changed here. ` +
  (hostEmail ? `To change it, please email ${hostEmail}.` : 'To change it, please reply to your confirmation email.')

/** A reschedule past MAX_RESCHEDULES_PER_BOOKING: the 400 sentence. */
export const rescheduleLimitMessage = (limit: number): string =>
  `This call has already been moved ${limit} time${limit === 1 ? '' : 's'}, the most allowed. Please cancel it and book a new call instead.`

/** At most N upcoming calls per email address (MAX_UPCOMING_PER_EMAIL): the 409 sentence. */
export const upcomingLimitMessage = (limit: number, hostName: string): string =>
  `You already have ${limit} upcoming call${limit === 1 ? '' : 's'} booked with ${hostName}; cancel one from your confirmation email to book another.`

/**
 * Free text keeps one kind of line break: `\r\n` and a bare `\r` become `\n` when it is validated, so no
 * stray carriage return reaches a message body, a header or a calendar line.
 */
export const normaliseLineBreaks = (text: string): string => text.replace(/\r\n?/g, '\n')

/** The body of POST /api/cancel (Cal.com's shape). Unknown fields are ignored. */
export const CancelRequestSchema = v.object(
  {
    // Any string: a malformed uid is answered like an unknown one (404), whatever exists.
    uid: v.string(MANAGE_MESSAGES.uid),
    cancellationReason: v.nullish(
      v.pipe(
        v.string(MANAGE_MESSAGES.reason),
        v.transform(normaliseLineBreaks),
        v.transform((s) => s.trim()),
        v.maxLength(CANCELLATION_REASON_MAX_LENGTH, MANAGE_MESSAGES.reason),
        v.check(isPlainLines, MANAGE_MESSAGES.reason),
      ),
    ),
  },
  MANAGE_MESSAGES.uid,
)
export type CancelRequest = v.InferOutput<typeof CancelRequestSchema>

/**
 * POST /api/book/event with `rescheduleUid` (Cal.com's reschedule): the booking payload for the new
 * start, where `responses` may be left out, since the attendee stays the booking's own (the manage
 * page never learns the email address). The answer is the moved booking, same uid, as BookingViewSchema
 * (the view of GET /api/booking/{uid}: no email address, guests or attendees), dry run or not.
 */
export const RescheduleRequestSchema = v.object(
  {
    ...BookingRequestSchema.entries,
    responses: v.optional(BookingRequestSchema.entries.responses),
    rescheduleUid: v.pipe(
      v.string(WIRE_MESSAGES.rescheduleUid),
      v.minLength(1, WIRE_MESSAGES.rescheduleUid),
      v.maxLength(100, WIRE_MESSAGES.rescheduleUid),
    ),
  },
  WIRE_MESSAGES.body,
)
export type RescheduleRequest = v.InferOutput<typeof RescheduleRequestSchema>

/** A 200 answer of POST /api/cancel (Cal.com's). */
export const CancelResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  bookingId: v.number(),
  bookingUid: v.string(),
  onlyRemovedAttendee: v.boolean(),
})
export type CancelResponse = v.InferOutput<typeof CancelResponseSchema>

/** A 200 answer of GET /api/booking/{uid}: what the manage page shows. No email address. */
export const BookingViewSchema = v.object({
  uid: v.string(),
  title: v.string(),
  /** ISO UTC instants. */
  startTime: v.string(),
  endTime: v.string(),
  status: v.picklist(['ACCEPTED', 'CANCELLED']),
  /** The visitor's IANA zone at booking. */
  timeZone: v.string(),
  /** The visitor's name. */
  name: v.string(),
  user: v.object({ username: v.string() }),
  /** False once the call has started or was cancelled: then only 'Book a new call'. */
  canChange: v.boolean(),
  /** The event's iCalendar UID (Cal.com's field): 'Add to calendar' matches the emailed invite with it. Never the uid. */
  iCalUID: v.optional(v.string()),
  /**
   * The notice period for changes (SCHEDULE_CHANGE_NOTICE_MINUTES): from `closesAt` (ISO UTC instant,
   * the start minus the notice) the call can no longer be cancelled or moved online, and the page shows `message`
   * (changeNoticeMessage) instead of the two buttons. Absent when there is no notice period or the call is over.
   */
  changeNotice: v.optional(v.object({ closesAt: v.string(), message: v.string() })),
  /** Where the call happens, as in the booking's answer (`location`, `metadata.videoCallUrl`). */
  ...callLocationEntries,
})
export type BookingView = v.InferOutput<typeof BookingViewSchema>

/**
 * What the manage page reads of a 200 answer of POST /api/cancel: nothing it needs but the status,
 * so any object passes (the built-in scheduler and Cal.com word it alike, but the page must not
 * call a done cancellation failed over a field it never shows).
 */
export const CancelAnswerSchema = v.looseObject({ message: v.optional(v.string()) })
