import type { Temporal } from 'temporal-polyfill'

/** "Now", injected so tests fix the time instead of sleeping. */
export type Clock = () => Temporal.Instant
