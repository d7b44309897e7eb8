import { expect, test, type Locator, type Page } from '@playwright/test'
import { describeUiPaths } from '../support/uiLevel'
import { slotsMachine } from '../../../machines/slots'
import type { SlotsByDate } from '../../../core/slotWindow'
import { dayLabel, nthRoute, openModalForm, routeBookingApi, type BookingRoutes } from './support/booking'
import { chooseTimeZone, confirmButton, dayButton, dayRowButtons, fillContact, slotButtons, slotLabel, timeGroup } from '../../support/pages/bookingForm'
import { BOOKING_FAILURES, CHOSEN, EMAIL, LOCALE, NAME, OTHER_ZONE, SLOTS_FAILURE, slotsAnswer, slotsModel, TEXTS, TIME_ZONE } from './support/bookingModel'
import { expectedSlots, type ExpectedSlots } from './support/slotsExpectation'

test.use({ timezoneId: TIME_ZONE, locale: LOCALE })

/** The modal's day picker, day row and slot grid; every slot request is held until a step answers it. */
interface SlotsUi {
  page: Page
  scope: Locator
  routes: BookingRoutes
  expected: ExpectedSlots
}

const slotTaken = BOOKING_FAILURES.find((f) => f.slotTaken)!

/** The newest slot request of the page, once as many as expected have been made. */
const latest = (sut: SlotsUi) => nthRoute(sut.routes.slots, sut.expected.requests)

/** Does `act`, then waits until the page has made the requests the expectation counts. */
async function act(sut: SlotsUi, action: () => Promise<void>) {
  await action()
  await expect.poll(() => sut.routes.slots.length, { message: 'the requests made' }).toBe(sut.expected.requests)
}

/** A day by its full name, as the empty week's message says it: 'Tuesday 3 March'. */
const dayName = (day: string) =>
  new Intl.DateTimeFormat('en-NZ', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`)).replace(',', '')
/** A day's chip in the row, by the words it shows, which begin its name: 'Tue 3 Mar'. */
const chipName = (day: string) => {
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))
  return `${part({ weekday: 'short' })} ${part({ day: 'numeric', month: 'short' })}`
}
const rowButton = (sut: SlotsUi, day: string) =>
  sut.scope.getByRole('group', { name: 'Days' }).getByRole('button', { name: new RegExp(`^${chipName(day)}, `) })

const countText = (n: number) => (n === 0 ? 'none' : `${n} time${n === 1 ? '' : 's'}`)

/** In every state: the selected day by name, Previous Day only when the day before is not past, the row's seven days. */
async function expectDay(sut: SlotsUi) {
  const e = sut.expected
  await expect(sut.scope.getByText(dayLabel(e.day), { exact: true })).toBeVisible()
  const previous = dayButton(sut.scope, 'Previous Day')
  if (e.day > e.today) await expect(previous).toBeEnabled()
  else await expect(previous).toBeDisabled()
  await expect(dayRowButtons(sut.scope)).toHaveCount(7)
}

/** The row once the window is in: each day with its number of free times, the selected one pressed. */
async function expectRow(sut: SlotsUi) {
  const e = sut.expected
  const names = e.row().map((day) => {
    const free = [...Object.values(e.window ?? {})].flat().filter((slot) => dateIn(slot.time, e.timeZone) === day).length
    return `${chipName(day)}, ${countText(free)}`
  })
  for (const [i, button] of (await dayRowButtons(sut.scope).all()).entries()) {
    await expect(button).toHaveAccessibleName(names[i]!)
    await expect(button).toHaveAttribute('aria-pressed', String(e.row()[i] === e.day))
  }
}

const dateIn = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant))

/** In the modal's form (the modal is where most visitors book). */
describeUiPaths(
  'slots',
  slotsMachine,
  async (page: Page): Promise<SlotsUi> => {
    // Until the paths begin, every slot request is answered at once: on a slow machine the page's idle
    // prefetch may be over 10 s old when the picker opens, and the picker then asks for itself.
    const routes = await routeBookingApi(page, { holdSlots: false })
    const scope = await openModalForm(page)
    const expected = expectedSlots()
    const sut: SlotsUi = { page, scope, routes, expected }
    // RELOAD comes from the form (a taken slot): so a time is chosen and the contact filled first; then
    // London and Auckland again put the picker back where it opens (loading today, seeking the first free day).
    await slotButtons(scope).filter({ hasText: CHOSEN.label }).click()
    await fillContact(scope, NAME, EMAIL)
    routes.holdSlots = true
    expected.requests = routes.slots.length + 2
    await act(sut, async () => {
      await chooseTimeZone(scope, 'london', OTHER_ZONE)
      await chooseTimeZone(scope, 'auckland', TIME_ZONE)
    })
    return sut
  },
  {
    ...slotsModel,
    noFirstTouch: 'the booking form is drawn by the app (its code loads with the form): none of its events can come before the app runs; the press that opens it before then is bookingModal\'s first touch',
    label: 'modal',
    // A taken slot clears the choice, so the form books (and reloads the day) once per page.
    select: (paths) => paths.filter((path) => path.steps.filter((step) => step.event.type === 'RELOAD').length <= 1),
    events: {
      PREVIOUS_DAY: (sut) =>
        act(sut, async () => {
          sut.expected.move(-1)
          await dayButton(sut.scope, 'Previous Day').click()
        }),
      NEXT_DAY: (sut) =>
        act(sut, async () => {
          sut.expected.move(1)
          await dayButton(sut.scope, 'Next Day').click()
        }),
      DAY_CHOSEN: (sut, event) =>
        act(sut, async () => {
          sut.expected.choose(event.day)
          await rowButton(sut, event.day).click()
        }),
      NEXT_FREE_DAY_CHOSEN: (sut) =>
        act(sut, async () => {
          sut.expected.goToNextFree()
          await sut.scope.getByRole('button', { name: /^Go to / }).click()
        }),
      RETRY: (sut) =>
        act(sut, async () => {
          sut.expected.load()
          await sut.scope.getByRole('button', { name: 'Retry' }).click()
        }),
      // The server says the chosen slot was taken: the form reloads the day.
      RELOAD: (sut) =>
        act(sut, async () => {
          sut.expected.reload()
          const n = sut.routes.bookings.length + 1
          await confirmButton(sut.scope).click()
          const booking = await nthRoute(sut.routes.bookings, n)
          if (slotTaken.answer === 'network') throw new Error('The taken slot is a server answer.')
          await booking.fulfill({ status: slotTaken.answer.status, contentType: 'application/json', body: slotTaken.answer.body })
          await expect(sut.scope.getByRole('alert').filter({ hasText: slotTaken.text })).toBeVisible()
        }),
      ZONE_CHANGED: (sut, event) =>
        act(sut, async () => {
          sut.expected.changeZone(event.timeZone)
          await chooseTimeZone(sut.scope, 'london', event.timeZone)
        }),
    },
    internal: {
      advance: () => {
        throw new Error('The slots machine has no delays.')
      },
      done: {
        loadSlots: async (sut, event) => {
          const route = await latest(sut)
          sut.expected.answer(event.output as SlotsByDate)
          await route.fulfill({ json: slotsAnswer(event.output as SlotsByDate) })
        },
        findNextFree: async (sut, event) => {
          const route = await latest(sut)
          sut.expected.answerLookahead(event.output as SlotsByDate)
          await route.fulfill({ json: slotsAnswer(event.output as SlotsByDate) })
        },
      },
      error: {
        loadSlots: async (sut) => (await latest(sut)).fulfill({ status: SLOTS_FAILURE.status, body: '' }),
        findNextFree: async (sut) => (await latest(sut)).fulfill({ status: SLOTS_FAILURE.status, body: '' }),
      },
    },
    states: {
      loading: async (sut) => {
        await expectDay(sut)
        await expect(timeGroup(sut.scope).getByText(TEXTS.loadingSlots)).toBeAttached()
        await expect(slotButtons(sut.scope)).toHaveCount(0)
        for (const button of await dayRowButtons(sut.scope).all()) await expect(button).toHaveAccessibleName(/, loading$/)
      },
      searching: async (sut) => {
        await expectDay(sut)
        await expect(sut.scope.getByText('No times this week. Looking for the next free day…')).toBeVisible()
        await expect.poll(() => sut.routes.slots.length).toBe(sut.expected.requests)
      },
      ready: async (sut) => {
        await expectDay(sut)
        await expectRow(sut)
      },
      'ready.loaded': async (sut) => {
        const e = sut.expected
        await expect(slotButtons(sut.scope)).toHaveText(e.daySlots().map((time) => slotLabel(time, e.timeZone, false)))
      },
      'ready.empty': async (sut) => {
        await expect(sut.scope.getByText(TEXTS.noSlots, { exact: true })).toBeVisible()
        await expect(sut.scope.getByText(TEXTS.noSlotsHint, { exact: true })).toBeVisible()
        await expect(slotButtons(sut.scope)).toHaveCount(0)
      },
      'ready.noTimesThisWeek': async (sut) => {
        const next = sut.expected.nextFree
        const text = next ? `No times this week. The next free day is ${dayName(next)}.` : 'No times this week.'
        await expect(sut.scope.getByText(text, { exact: true })).toBeVisible()
        if (next) await expect(sut.scope.getByRole('button', { name: `Go to ${dayName(next)}` })).toBeEnabled()
        else await expect(sut.scope.getByText(TEXTS.noSlotsHint, { exact: true })).toBeVisible()
        await expect(slotButtons(sut.scope)).toHaveCount(0)
      },
      failed: async (sut) => {
        await expectDay(sut)
        // Beside a taken time's sentence, when the reload after it failed.
        await expect(timeGroup(sut.scope).getByRole('alert').filter({ hasText: TEXTS.slotsFailed })).toHaveText(TEXTS.slotsFailed)
        await expect(sut.scope.getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
    },
  },
)
