/**
 * The visitor's time zone and clock: remembered in localStorage for the next visit, else
 * the browser's zone and the locale's habit. A stored value that is not a zone this browser knows is
 * ignored; storage that is blocked (private modes, policies) only means nothing is remembered.
 * Without Temporal: the page's idle slots prefetch reads the zone before the form's code has loaded.
 */

/** The visitor's IANA zone, from the browser. */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** Where the visitor's zone is remembered (the page's loader reads it too, scripts/appLoaderPlugin.ts). */
export const ZONE_KEY = 'kiwi.timeZone'
const CLOCK_KEY = 'kiwi.hour24'

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Not remembered: the choice still holds for this page.
  }
}

/** Whether the browser knows the zone (an unknown one makes Intl throw). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The zone remembered on this browser, unchecked (the idle slots worker checks it: it has no localStorage). */
export const rememberedTimeZone = () => read(ZONE_KEY)

/** The remembered zone, or the browser's. */
export function preferredTimeZone(): string {
  const stored = read(ZONE_KEY)
  return stored && isKnownTimeZone(stored) ? stored : visitorTimeZone()
}

/** Whether the visitor's locale writes times with 24 hours (en-GB, de, fr…) rather than 12 (en-US). */
export function localeUses24Hour(locale?: string): boolean {
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle
  return cycle === 'h23' || cycle === 'h24'
}

/** The remembered clock, or the locale's. */
export function preferredHour24(): boolean {
  const stored = read(CLOCK_KEY)
  return stored === null ? localeUses24Hour() : stored === 'true'
}

export const rememberTimeZone = (zone: string) => write(ZONE_KEY, zone)
export const rememberHour24 = (hour24: boolean) => write(CLOCK_KEY, String(hour24))
