/** The booking modal's, form's, slots' and confirmation's words: the SPEC's, quoted, and the form's own beyond them. */

/** The form itself. */
export const bookingFormCopy = {
  /** The form's accessible name, in the modal and inline. */
  modalName: 'Book a call',
  inlineName: 'Book a free 15-minute call',
  name: 'Full Name',
  email: 'Email Address',
  selectTime: 'Select Time',
  confirm: 'Confirm Booking',
  processing: 'Processing...',
  /** The inline confirmation's first line. */
  confirmed: (email: string) => `Booking confirmed! Check ${email} for details.`,
} as const

/** The modal's confirmation toast. */
export const bookingToastCopy = {
  confirmed: (email: string) => `Booking confirmed! You'll receive a confirmation email at ${email}`,
  dismiss: 'Dismiss',
} as const

/** The day's times, and what shows instead of them. */
export const slotGridCopy = {
  loading: 'Loading available time slots…',
  empty: 'No available time slots for this date',
  otherDate: 'Try selecting a different date',
  failed: 'Failed to load available time slots. Please try again.',
  retry: 'Retry',
} as const

export const addToCalendarCopy = {
  label: 'Add to calendar:',
  google: 'Google Calendar',
  outlook: 'Outlook',
  office: 'Office 365',
  ics: 'Apple / other (.ics)',
} as const

export const timeSettingsCopy = {
  zoneLabel: 'Time zone',
  zoneHint: 'Type a city or region',
  noZone: 'No time zone matches',
  clockLabel: '24-hour',
  timesIn: 'Times in',
} as const

export const dayRowCopy = {
  label: 'Days',
  none: 'none',
  /** Under the date, the word under the number: '32' / 'times' (the button's name says '32 times'). */
  unit: (n: number) => (n === 1 ? 'time' : 'times'),
  loading: 'loading',
} as const

export const noTimesCopy = {
  /** 'No times this week. The next free day is Tuesday 6 January.' */
  text: (nextFree: string | null) => (nextFree ? `No times this week. The next free day is ${nextFree}.` : 'No times this week.'),
  goTo: (day: string) => `Go to ${day}`,
  searching: 'No times this week. Looking for the next free day…',
} as const

/** The optional note: collapsed behind one line, so a visitor who ignores it fills the form as before. */
export const notesCopy = {
  toggle: 'Add a note (optional)',
  label: 'What would you like to talk about?',
  /** '12 / 1,000 characters'. */
  count: (length: number, max: number) => `${length.toLocaleString('en-NZ')} / ${max.toLocaleString('en-NZ')} characters`,
} as const

/** How the call happens, when the host offers a choice (BOOKING_LOCATIONS), and the number for a phone call. */
export const meetingCopy = {
  legend: 'How would you like to meet?',
  video: 'Video call',
  phone: 'Phone call',
  phoneLabel: 'Phone number',
} as const

/** The inline form's line once its confirmation has cleared, until the visitor books again: 'Booked: Wed 2 Dec, 6:00 pm Auckland time — details in your email'. */
export const bookedLine = (when: string) => `Booked: ${when} — details in your email`

/** The email-code step (docs/design.md#email-codes): the server's sentence says where the code went; these label the step. */
export const codeStepCopy = {
  label: 'Enter the code',
  resend: 'Send a new code',
} as const
