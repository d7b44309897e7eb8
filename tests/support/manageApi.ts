/**
 * The manage page's API answered through page.route, for the e2e spec and the UI path spec: the clock
 * at the booking models' NOW, slot requests answered at once (with `slots`, which a test may change),
 * and the booking, cancel and move requests held until the test answers them, in the page's order.
 */
import { expect, type Page, type Route } from '@playwright/test'
import type { SlotsByDate } from '../../core/slotWindow'
import { NOW, slotsAnswer, WITH_SLOTS } from '../paths/ui/support/bookingModel'

export interface ManageRoutes {
  loads: Route[]
  cancels: Route[]
  moves: Route[]
  /** The inputs of the slot requests made so far (the `json` of `?input=`). */
  slotInputs: Array<Record<string, unknown>>
  /** What slot requests are answered with from now on. */
  slots: SlotsByDate
}

export async function routeManageApi(page: Page): Promise<ManageRoutes> {
  const routes: ManageRoutes = { loads: [], cancels: [], moves: [], slotInputs: [], slots: WITH_SLOTS }
  await page.clock.install({ time: NOW })
  await page.route('**/api/calendar/slots?**', async (route) => {
    const input = JSON.parse(new URL(route.request().url()).searchParams.get('input') ?? '{}') as { json: Record<string, unknown> }
    routes.slotInputs.push(input.json)
    await route.fulfill({ json: slotsAnswer(routes.slots) })
  })
  await page.route('**/api/booking/*', (route) => void routes.loads.push(route))
  await page.route('**/api/cancel', (route) => void routes.cancels.push(route))
  await page.route('**/api/book/event', (route) => void routes.moves.push(route))
  return routes
}

/** Waits for the page's n-th request of a kind (1-based) and returns it. */
export async function nthRequest(routes: Route[], n: number): Promise<Route> {
  await expect.poll(() => routes.length, { message: `request ${n} reaches the route` }).toBeGreaterThanOrEqual(n)
  return routes[n - 1]!
}

/** Answers a held request: JSON with a status, or a network failure. */
export async function answer(route: Route, reply: { status: number; body: string } | { json: unknown } | 'network'): Promise<void> {
  if (reply === 'network') return route.abort('failed')
  if ('json' in reply) return route.fulfill({ json: reply.json })
  return route.fulfill({ status: reply.status, contentType: 'application/json', body: reply.body })
}
