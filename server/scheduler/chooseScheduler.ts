import type { CalendarBusy } from '../calendar/busyTimes'
import type { Clock } from '../clock'
import type { ServerConfig } from '../config'
import type { Logger } from '../log/logger'
import type { BookingStore } from '../db/store'
import { createBuiltInScheduler } from './builtIn'
import { createCalcomScheduler, type Fetch } from './calcomUpstream'
import type { Scheduler } from './scheduler'

export interface SchedulerDeps {
  config: ServerConfig
  store: BookingStore
  clock: Clock
  /** The fetch used for Cal.com (tests point it anywhere). */
  fetch?: Fetch
  /** Told after a change wrote mail jobs, so the mail worker sends them now rather than at its next poll. */
  onMailQueued?: () => void
  /** A fresh Message-ID part; defaults to a random UUID. */
  newId?: () => string
  /** The host's calendars, when any is configured. */
  calendar?: CalendarBusy
  /** The server's logger: the built-in scheduler says when email codes turn on or off. */
  log?: Pick<Logger, 'info'>
}

/** Cal.com when CALCOM_URL is set, the built-in scheduler otherwise (docs/design.md#server). */
export function createScheduler({ config, store, clock, fetch, onMailQueued, newId, calendar, log }: SchedulerDeps): Scheduler {
  if (config.CALCOM_URL) {
    return createCalcomScheduler({ baseUrl: config.CALCOM_URL, timeoutMs: config.CALCOM_TIMEOUT_MS, fetch })
  }
  return createBuiltInScheduler({ config, store, clock, onMailQueued, newId, calendar, log })
}
