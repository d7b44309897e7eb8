/**
 * Page helpers of the booking path specs (bookingForm, slots): a page whose slots and bookings are
 * answered through page.route (at once, or held until an executor settles them), the form in the modal
 * or in the inline 'Talk to an Expert' section (its page object is tests/support/pages/bookingForm.ts).
 */
import { expect, type Locator, type Page, type Route } from '@playwright/test'
import { waitForHydration } from '../../../e2e/support/hydration'
import { bookingDialog, confirmButton, headerBookCall, talkToExpert } from '../../../support/pages/bookingForm'
import { pathTitle, type ModelPath } from '../../support/machineModel'
import { NOW, slotsAnswer, WITH_SLOTS } from './bookingModel'

export interface BookingRoutes {
  /** Requests in the order the page made them; held until an executor answers them (slots: while `holdSlots`). */
  slots: Route[]
  bookings: Route[]
  /** Slot requests wait for an executor; else they are answered at once with today's slots. */
  holdSlots: boolean
}

/**
 * Installs the clock at NOW and the routes: slot requests are answered at once with today's slots, or
 * held (`holdSlots`, which a spec may change as it goes); booking requests are always held.
 */
export async function routeBookingApi(page: Page, { holdSlots }: { holdSlots: boolean }): Promise<BookingRoutes> {
  const routes: BookingRoutes = { slots: [], bookings: [], holdSlots }
  await page.clock.install({ time: NOW })
  await page.route('**/api/calendar/slots?**', async (route) => {
    routes.slots.push(route)
    if (!routes.holdSlots) await route.fulfill({ json: slotsAnswer(WITH_SLOTS) })
  })
  await page.route('**/api/book/event', (route) => {
    routes.bookings.push(route)
  })
  return routes
}

/** Waits for the page's n-th request of a kind (1-based) and returns it. */
export async function nthRoute(routes: Route[], n: number): Promise<Route> {
  await expect.poll(() => routes.length, { message: `request ${n} reaches the route` }).toBeGreaterThanOrEqual(n)
  return routes[n - 1]!
}

/**
 * From here on timers run only when a test advances the clock (the inline form's 5 s reset must not
 * fire on its own on a slow machine). Called once the page has hydrated and the form has loaded.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now())
  await page.clock.pauseAt(now + 1000)
}

/** /docs has no inline form: the modal's is the only one on the page. */
export async function openModalForm(page: Page): Promise<Locator> {
  await page.goto('/docs')
  await waitForHydration(page)
  const dialog = bookingDialog(page)
  await headerBookCall(page).click()
  await expect(confirmButton(dialog)).toBeVisible({ timeout: 15_000 })
  return dialog
}

/** /about's 'Talk to an Expert' section, scrolled to, with its form loaded. */
export async function openInlineForm(page: Page): Promise<Locator> {
  await page.goto('/about')
  await waitForHydration(page)
  return talkToExpert(page)
}

/** The day as the day picker shows it in en-NZ: 'Tuesday, 3 March 2026'. */
export function dayLabel(day: string): string {
  return new Intl.DateTimeFormat('en-NZ', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  )
}

/**
 * The generated paths up to the first step that enters one of `states` (where the view stops following
 * the machine, or where it has shown what it is for), keeping only those that get there, without repeats.
 */
export function pathsTo(paths: readonly ModelPath[], states: readonly string[]): ModelPath[] {
  const cut: ModelPath[] = []
  for (const path of paths) {
    const end = path.steps.findIndex((step) => states.some((state) => step.state.matches(state)))
    if (end < 0) continue
    const head = { ...path, state: path.steps[end]!.state, steps: path.steps.slice(0, end + 1) }
    if (!cut.some((other) => pathTitle(other) === pathTitle(head))) cut.push(head)
  }
  return cut
}
