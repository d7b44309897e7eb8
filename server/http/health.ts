/**
 * `/healthz`: the process is alive (200 as long as it answers). `/readyz`: it may take traffic — started,
 * not draining, the database reachable with every migration applied and (PGlite) room on its disk; 503 otherwise,
 * naming what is out. Neither is cached, rate limited or part of the site (the sitemap lists the router's pages only).
 */
import { Hono } from 'hono'
import { outageOf } from '../db/outage'
import type { LifecycleState } from '../lifecycle'
import { logOf } from '../log/logger'

export interface HealthDeps {
  /** Where the process is (server/lifecycle.ts). */
  state: () => LifecycleState
  /** Throws when the database cannot be reached, a migration is missing or its disk is full (absent in Cal.com mode tests). */
  checkDatabase?: () => Promise<void>
  /** A database check slower than this counts as a failure. */
  checkTimeoutMs?: number
}

const NO_STORE = { 'Cache-Control': 'no-store' }

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`The database did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

export function healthRoutes({ state, checkDatabase, checkTimeoutMs = 2000 }: HealthDeps): Hono {
  const routes = new Hono()
  routes.get('/healthz', (c) => c.json({ status: 'alive' }, 200, NO_STORE))
  routes.get('/readyz', async (c) => {
    const now = state()
    if (now !== 'ready') return c.json({ status: now }, 503, NO_STORE)
    if (checkDatabase) {
      try {
        await withTimeout(checkDatabase(), checkTimeoutMs)
      } catch (error) {
        const disk = outageOf(error) === 'disk'
        logOf(c).warn({ err: error }, disk ? 'Not ready: the database’s disk is full' : 'Not ready: the database check failed')
        return c.json({ status: disk ? 'disk full' : 'database unavailable' }, 503, NO_STORE)
      }
    }
    return c.json({ status: 'ready' }, 200, NO_STORE)
  })
  return routes
}
