/**
 * REMINDERS and HOST_REMINDER: how long before a call its reminders go, written as durations
 * with units, comma-separated: `24h,1h`, `2d`, `90m`, `1h30m`, `45s`. Empty means none.
 */

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const
/** One duration: one or more number-unit pairs, each unit once, largest first. */
const DURATION = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/
/** A reminder further ahead than the furthest bookable day is never due: a year is plenty. */
export const MAX_REMINDER_MS = 366 * UNIT_MS.d

/** Milliseconds of one duration (`1h30m`), or undefined when it is not one or is zero or over a year. */
export function parseDuration(text: string): number | undefined {
  const match = DURATION.exec(text.trim().toLowerCase())
  if (!match || text.trim() === '') return undefined
  const [, d, h, m, s] = match
  const ms = Number(d ?? 0) * UNIT_MS.d + Number(h ?? 0) * UNIT_MS.h + Number(m ?? 0) * UNIT_MS.m + Number(s ?? 0) * UNIT_MS.s
  return ms > 0 && ms <= MAX_REMINDER_MS ? ms : undefined
}

/** The durations of a comma-separated list, longest first, each once; undefined when one of them is not a duration. */
export function parseDurations(text: string): number[] | undefined {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  const durations = parts.map(parseDuration)
  if (durations.some((ms) => ms === undefined)) return undefined
  return [...new Set(durations as number[])].sort((a, b) => b - a)
}
