import type { Context } from 'hono'
import type { Clock } from '../clock'
import type { ServerConfig } from '../config'
import type { BookingStore, ClientLimit } from '../db/store'
import type { Scheduler } from './scheduler'

/** What every API route reads. */
export interface ApiContext {
  config: ServerConfig
  store: BookingStore
  clock: Clock
  /** The built-in scheduler, or Cal.com when CALCOM_URL is set. */
  scheduler: Scheduler
  /** The client address limits count (the socket's, or the trusted proxy's X-Forwarded-For). */
  clientAddress: (c: Context) => string
  /** The daily cap a change from this request counts against: its client network's. */
  clientLimits: (c: Context) => ClientLimit[]
}
