import type { Temporal } from 'temporal-polyfill'
import type { Upstream } from '../calcomUpstream'
import type { ServerConfig } from '../config'
import type { BookingStore } from '../db/store'
import type { Availability } from '../scheduler/availability'

/** "Now", injected so tests fix the time instead of sleeping. */
export type Clock = () => Temporal.Instant

/** What every API route reads. */
export interface ApiContext {
  config: ServerConfig
  store: BookingStore
  clock: Clock
  availability: Availability
  /** Set in Cal.com mode (CALCOM_URL). */
  upstream?: Upstream
}
