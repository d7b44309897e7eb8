/**
 * iCalendar feeds written as an attacker (or a very busy host) would send them, for `npm run bench:calendar`
 * and the calendar limits' tests (docs/calendars.md#limits).
 */
const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')

export const calendarOf = (events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hostile//Test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n')

export function vevent(uid: string, start: number, minutes: number, extra: string[] = []): string {
  return ['BEGIN:VEVENT', `UID:${uid}`, `DTSTAMP:${stamp(start)}`, `DTSTART:${stamp(start)}`, `DTEND:${stamp(start + minutes * 60_000)}`, ...extra, 'END:VEVENT'].join('\r\n')
}

/** 30 February, every day: a rule that never matches (ical.js's iterator looks for it forever). */
export const thirtyFebruary = (uid: string, start: number) => vevent(uid, start, 60, ['SUMMARY:Invitation', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'])

/** A series by the second, a billion long, begun a year before `now`. */
export const everySecond = (uid: string, now: number) => vevent(uid, now - 365 * 86_400_000, 1, ['RRULE:FREQ=SECONDLY;COUNT=1000000000'])

/**
 * A busy host's whole history, as Google exports it: `count` events, one an hour back from `now`, every
 * tenth a weekly series with one moved instance (a RECURRENCE-ID override). Half lie in the bookable window.
 */
export function bigCalendar(count: number, now: number): string {
  const events: string[] = []
  const first = now - Math.floor(count / 2) * 3_600_000
  for (let i = 0; events.length < count; i++) {
    const start = first + i * 3_600_000
    if (i % 10 === 0 && events.length + 2 <= count) {
      events.push(vevent(`series-${i}@example.com`, start, 30, ['RRULE:FREQ=WEEKLY;COUNT=20']))
      const moved = start + 7 * 86_400_000
      events.push(vevent(`series-${i}@example.com`, moved + 3_600_000, 30, [`RECURRENCE-ID:${stamp(moved)}`]))
    } else {
      events.push(vevent(`single-${i}@example.com`, start, 45))
    }
  }
  return calendarOf(events)
}
