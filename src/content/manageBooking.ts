/** The manage page /booking/{uid}: cancel or move a booked call. Error sentences are core's (bookingErrors). */
import { CANCELLATION_REASON_MAX_LENGTH } from '../../core/manageWire'

export const manageHero = {
  badge: 'Your booking',
  title: 'Manage your call',
  lead: 'See when your free 15-minute call is, move it to another time, or cancel it.',
} as const

export const manageCopy = {
  loading: 'Loading your booking…',
  loadFailed: { heading: 'We could not load your booking', retry: 'Retry' },
  notFound: {
    heading: 'Booking not found',
    text: 'This booking was not found. Check the link in your confirmation email, or book a new call.',
  },
  loaded: { heading: 'Your call is booked' },
  /** Inside the notice period; the sentence under it is the server's (core/manageWire changeNoticeMessage). */
  noticeClosed: { heading: 'Your call is coming up' },
  readOnly: {
    cancelled: { heading: 'This call was cancelled', text: 'A cancelled call cannot be moved. Book a new call whenever it suits you.' },
    past: { heading: 'This call is in the past', text: 'Its time has come, so it can no longer be moved or cancelled. Want to talk again?' },
  },
  /** Where the call happens: the join link, and from ten minutes before the start the button. */
  meeting: {
    heading: "How you'll meet",
    join: 'Join the call',
    joinSoon: 'The “Join the call” button comes up here 10 minutes before the start.',
    /** A phone call: the view does not carry the number (the booking's emails do). */
    phone: "We'll call you at the time above, on the number you gave when booking.",
  },
  summary: {
    when: 'When',
    zone: 'Times in',
    name: 'Name',
    status: 'Status',
    statuses: { ACCEPTED: 'Confirmed', CANCELLED: 'Cancelled' },
  },
  actions: {
    reschedule: 'Reschedule',
    cancel: 'Cancel this call',
    bookNew: 'Book a new call',
  },
  cancel: {
    heading: 'Cancel this call?',
    booked: 'Your call on',
    text: 'will be cancelled. The time becomes free for others at once, and we both get an email confirming the cancellation.',
    reasonLabel: 'Reason for cancelling (optional)',
    reasonHint: `Up to ${CANCELLATION_REASON_MAX_LENGTH} characters. It helps us, but you do not have to give one.`,
    confirm: 'Yes, cancel the call',
    confirming: 'Cancelling...',
    retry: 'Retry',
    keep: 'Keep my call',
  },
  cancelled: {
    heading: 'Your call is cancelled',
    text: 'The time is free again for others, and an email confirming the cancellation is on its way.',
  },
  reschedule: {
    heading: 'Choose a new time',
    current: 'Now booked for',
    confirm: 'Move my call',
    saving: 'Saving...',
    retry: 'Retry',
    back: 'Keep the current time',
  },
  rescheduled: {
    heading: 'Your call has moved',
    text: 'An updated invitation is on its way by email.',
    newTime: 'New time',
    was: 'Was',
  },
} as const
