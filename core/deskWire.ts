/**
 * The wire of the agency's desk (/desk, docs/desk.md): the host signs in with a link mailed to an address of
 * DESK_EMAILS, then reads the calls and acts on them. Shared by the server's desk API (server/desk/) and the
 * desk's machines and views; the sentences are the desk's own, shown as they are.
 *
 * Every route is under /api/desk; every answer that is not OK carries `{ message }` (and `code` where the page
 * must tell answers apart). Without a session every route but `link` and `session` answers 401; a changing
 * request whose `Origin` is not the site's answers 403.
 */
import * as v from 'valibot'
import { emailSchema, isPlainLines, isPlainText } from './bookingFields'
import { CANCELLATION_REASON_MAX_LENGTH, normaliseLineBreaks } from './manageWire'

/** How long a sign-in link works, once. */
export const DESK_LINK_MINUTES = 15
/** A session ends after this long without a request… */
export const DESK_SESSION_IDLE_HOURS = 12
/** …and this long after it began, whatever. */
export const DESK_SESSION_MAX_DAYS = 7
/** "Past calls" reach back this far. */
export const DESK_PAST_DAYS = 30
/** From this long before a call, its "Join" link is the prominent one. */
export const DESK_JOIN_SOON_MINUTES = 10
/** How often the open desk asks for the calls again, so new bookings appear without a reload. */
export const DESK_REFRESH_SECONDS = 30
/** A time-off entry spans at most this many days. */
export const TIME_OFF_MAX_DAYS = 366
export const TIME_OFF_LABEL_MAX_LENGTH = 100

/** Where the sign-in link lands: the token rides in the fragment, so no server, log or Referer ever sees it. */
export const DESK_LINK_FRAGMENT = 'link'

/** The desk's words: headings, labels and buttons the views show, and the API's sentences. */
export const DESK_TEXTS = {
  signInHeading: 'Sign in to the desk',
  emailLabel: 'Email address',
  sendLink: 'Email me a sign-in link',
  /** The same answer for every address, so nobody learns who may sign in. */
  linkSent: `If this address may sign in to the desk, a sign-in link is on its way to it. The link works once, within ${DESK_LINK_MINUTES} minutes.`,
  notSetUp: 'The desk is not set up. Set DESK_EMAILS (or HOST_EMAIL) to the addresses that may sign in, then restart the server.',
  linkRefused: 'This sign-in link has been used or has expired. Please ask for a new one.',
  askNewLink: 'Ask for a new link',
  openingLink: 'Signing you in…',
  emailInvalid: 'Please enter a valid email address.',
  tooManyLinks: 'Too many sign-in links have been asked for. Please try again later.',
  heading: 'Desk',
  signOut: 'Sign out',
  signedOut: 'You have signed out of the desk.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  upcoming: 'Upcoming calls',
  noUpcoming: 'No upcoming calls.',
  past: 'Past calls',
  noPast: `No calls in the last ${DESK_PAST_DAYS} days.`,
  join: 'Join',
  bookedByForm: 'Booked on the website',
  bookedByVoice: 'Booked by the voice assistant',
  cameFrom: 'Came from',
  notes: 'Notes',
  brief: 'Call brief',
  phoneCall: 'Phone call',
  inTimeOff: 'In your time off',
  cancelCall: 'Cancel call',
  reasonLabel: 'Reason for the visitor',
  confirmCancel: 'Cancel the call',
  keepCall: 'Keep the call',
  cancelled: 'The call is cancelled and the visitor has been emailed.',
  markNoShow: 'Mark no-show',
  rebookMail: 'Email them a link to book again',
  undoNoShow: 'Undo no-show',
  noShow: 'No-show',
  timeOff: 'Time off',
  timeOffFrom: 'From',
  timeOffTo: 'To',
  timeOffLabel: 'Label',
  addTimeOff: 'Add time off',
  removeTimeOff: 'Remove',
  noTimeOff: 'No time off planned.',
  timeOffOrder: 'The last day must be on or after the first.',
  timeOffPast: 'Time off must end today or later.',
  timeOffTooLong: `Time off can span at most ${TIME_OFF_MAX_DAYS} days.`,
  timeOffLabelInvalid: `The label must be at most ${TIME_OFF_LABEL_MAX_LENGTH} characters, without control or invisible characters.`,
  reasonInvalid: `The reason must be at most ${CANCELLATION_REASON_MAX_LENGTH} characters, without control or invisible characters.`,
  notStarted: 'This call has not started yet, so it cannot be marked as a no-show.',
  notFound: 'This call was not found.',
  alreadyCancelled: 'This call has already been cancelled.',
  pastCancel: 'This call has already taken place, so it can no longer be cancelled.',
  loadFailed: 'The calls could not be loaded. Please check your connection and try again.',
  actionFailed: 'That did not go through. Please check your connection and try again.',
  retry: 'Retry',
  foreignOrigin: 'This request came from another site.',
} as const

export type DeskText = keyof typeof DESK_TEXTS

/** The `code` of a non-OK answer the page must tell apart. */
export type DeskCode = 'not_set_up' | 'signed_out' | 'link_refused'

export const DeskErrorSchema = v.object({ message: v.string(), code: v.optional(v.string()) })

/** A day in the host's zone, as `<input type="date">` writes it. */
export const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/

/** POST /api/desk/link: always 202 `{ message: linkSent }` for a well-formed address; 400 otherwise; 429 when limited. */
export const LinkRequestSchema = v.object({
  email: emailSchema({ required: DESK_TEXTS.emailInvalid, invalid: DESK_TEXTS.emailInvalid }),
})
export type LinkRequest = v.InferOutput<typeof LinkRequestSchema>

/**
 * POST /api/desk/session `{ token }`: 204 with the session cookie; 400 `{ code: 'link_refused', message: linkRefused }` for a
 * token used, expired or unknown. POST /api/desk/sign-out: 204, the session ended on the server and the cookie cleared.
 */
export const SessionRequestSchema = v.object({ token: v.pipe(v.string(DESK_TEXTS.linkRefused), v.regex(/^[A-Za-z0-9_-]{20,100}$/, DESK_TEXTS.linkRefused)) })
export type SessionRequest = v.InferOutput<typeof SessionRequestSchema>

/** A call as the desk shows it. Instants are ISO UTC; the agency's data only, never the visitor's. */
export const DeskCallSchema = v.object({
  uid: v.string(),
  startTime: v.string(),
  endTime: v.string(),
  name: v.string(),
  email: v.string(),
  /** The visitor's own zone (IANA), beside the host's. */
  timeZone: v.string(),
  notes: v.nullable(v.string()),
  /** The video call's link; null for a phone call. */
  joinUrl: v.nullable(v.string()),
  /** The number the agency calls (E.164); null for a video call. */
  phone: v.nullable(v.string()),
  /** The agency's one line of where the lead came from (server/db/leadLine.ts); null when unknown. */
  cameFrom: v.nullable(v.string()),
  bookedBy: v.picklist(['form', 'voice']),
  /** The voice call's brief (its summary), when the assistant booked it and the call's report came. */
  brief: v.nullable(v.string()),
  noShow: v.boolean(),
  /** Within a day of the host's time off. */
  inTimeOff: v.boolean(),
})
export type DeskCall = v.InferOutput<typeof DeskCallSchema>

export const TimeOffSchema = v.object({
  id: v.string(),
  /** Days in the host's zone, both included. */
  from: v.pipe(v.string(), v.regex(PLAIN_DATE)),
  to: v.pipe(v.string(), v.regex(PLAIN_DATE)),
  label: v.nullable(v.string()),
})
export type TimeOff = v.InferOutput<typeof TimeOffSchema>

/** GET /api/desk: everything the page shows. */
export const DeskViewSchema = v.object({
  /** The signed-in address. */
  email: v.string(),
  /** The host's zone (SCHEDULE_TIME_ZONE): days and times are grouped and written in it. */
  timeZone: v.string(),
  /** Accepted calls not yet ended, by start; those in time off first. */
  upcoming: v.array(DeskCallSchema),
  /** Accepted calls ended in the last DESK_PAST_DAYS days, latest first. */
  past: v.array(DeskCallSchema),
  /** Time off not yet over, by first day. */
  timeOff: v.array(TimeOffSchema),
})
export type DeskView = v.InferOutput<typeof DeskViewSchema>

/** POST /api/desk/calls/{uid}/cancel: 200 with the desk's view after it; no notice period for the host. */
export const HostCancelRequestSchema = v.object({
  reason: v.pipe(
    v.string(DESK_TEXTS.reasonInvalid),
    v.transform(normaliseLineBreaks),
    v.transform((s) => s.trim()),
    v.maxLength(CANCELLATION_REASON_MAX_LENGTH, DESK_TEXTS.reasonInvalid),
    v.check(isPlainLines, DESK_TEXTS.reasonInvalid),
  ),
})
export type HostCancelRequest = v.InferInput<typeof HostCancelRequestSchema>

/**
 * POST /api/desk/calls/{uid}/no-show `{ noShow, rebook }`: 200 with the desk's view after it; 409 `notStarted` before the
 * call's start. `rebook` (marking only) mails the visitor a link to book again.
 */
export const NoShowRequestSchema = v.object({ noShow: v.boolean(), rebook: v.optional(v.boolean(), false) })
export type NoShowRequest = v.InferInput<typeof NoShowRequestSchema>

/** POST /api/desk/time-off: 200 with the desk's view after it. POST /api/desk/time-off/{id}/remove: the same. */
export const TimeOffRequestSchema = v.object({
  from: v.pipe(v.string(DESK_TEXTS.timeOffOrder), v.regex(PLAIN_DATE, DESK_TEXTS.timeOffOrder)),
  to: v.pipe(v.string(DESK_TEXTS.timeOffOrder), v.regex(PLAIN_DATE, DESK_TEXTS.timeOffOrder)),
  label: v.optional(
    v.pipe(v.string(DESK_TEXTS.timeOffLabelInvalid), v.trim(), v.maxLength(TIME_OFF_LABEL_MAX_LENGTH, DESK_TEXTS.timeOffLabelInvalid), v.check(isPlainText, DESK_TEXTS.timeOffLabelInvalid)),
  ),
})
export type TimeOffRequest = v.InferInput<typeof TimeOffRequestSchema>
