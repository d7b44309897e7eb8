/**
 * A budget of recurrence steps (docs/calendars.md#limits). ical.js's RecurIterator tries one candidate
 * time after another inside a single `next()` until the rule's BY-parts accept one, so a rule that can
 * never match (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30`) never returns, and counting occurrences returned
 * never stops it. Every candidate passes through `check_contracting_rules`, so that is where steps are
 * counted: past the budget the iteration throws `StepBudgetExceeded`, which the caller catches.
 * Loaded only where calendars are parsed (the calendar worker), never in the server's main thread.
 */
import ICAL from 'ical.js'

export class StepBudgetExceeded extends Error {
  constructor() {
    super('recurrence step budget exceeded')
  }
}

type Checker = { check_contracting_rules(this: unknown): boolean }
const prototype = ICAL.RecurIterator.prototype as unknown as Checker
const check = prototype.check_contracting_rules
// An ical.js upgrade that renamed the method would silently lift the limit: refuse to load instead.
if (typeof check !== 'function') throw new Error('ical.js: RecurIterator.check_contracting_rules is missing; recurSteps.ts must be updated')

let left = Number.POSITIVE_INFINITY
prototype.check_contracting_rules = function counted(this: unknown) {
  if (--left < 0) throw new StepBudgetExceeded()
  return check.call(this)
}

/** Runs `work` with at most `steps` recurrence steps: what it returned and the steps it used, or StepBudgetExceeded. */
export function withSteps<T>(steps: number, work: () => T): { value: T; used: number } {
  const outer = left
  left = steps
  try {
    const value = work()
    return { value, used: steps - left }
  } finally {
    left = outer
  }
}
