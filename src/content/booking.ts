/** The booking form's own words beyond the SPEC's (issue 27): time zone, clock, day row, calendar links. */

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
  /** 'Thursday 5 March, 3 free times'. */
  count: (n: number) => `${n} free time${n === 1 ? '' : 's'}`,
  loading: 'loading',
} as const

export const noTimesCopy = {
  /** 'No times this week. The next free day is Tuesday 6 January.' */
  text: (nextFree: string | null) => (nextFree ? `No times this week. The next free day is ${nextFree}.` : 'No times this week.'),
  goTo: (day: string) => `Go to ${day}`,
  searching: 'No times this week. Looking for the next free day…',
} as const

/** The optional note (issue 25): collapsed behind one line, so a visitor who ignores it fills the form as before. */
export const notesCopy = {
  toggle: 'Add a note (optional)',
  label: 'What would you like to talk about?',
  /** '12 / 1,000 characters'. */
  count: (length: number, max: number) => `${length.toLocaleString('en-NZ')} / ${max.toLocaleString('en-NZ')} characters`,
} as const
