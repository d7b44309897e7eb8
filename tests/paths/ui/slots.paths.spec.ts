import { expect, test, type Locator, type Page } from '@playwright/test'
import { describeUiPaths } from '../support/uiLevel'
import { slotsMachine } from '../../../machines/slots'
import type { SlotsByDate } from '../../../core/slotWindow'
import { dayLabel, nthRoute, openModalForm, routeBookingApi, type BookingRoutes } from './support/booking'
import { confirmButton, dayButton, fillContact, slotButtons, timeGroup } from '../../support/pages/bookingForm'
import {
  BOOKING_FAILURES,
  CHOSEN,
  dayAfter,
  EMAIL,
  LOCALE,
  NAME,
  SLOTS_FAILURE,
  slotsAnswer,
  slotsModel,
  TEXTS,
  TIME_ZONE,
  TODAY,
  TODAY_SLOTS,
  WITH_SLOTS,
} from './support/bookingModel'

test.use({ timezoneId: TIME_ZONE, locale: LOCALE })

/** The modal's day picker and slot grid; every slot request is held until a step answers it. */
interface SlotsUi {
  page: Page
  scope: Locator
  routes: BookingRoutes
  /** Days moved from today, and slot requests the page should have made so far. */
  offset: number
  requests: number
}

const slotTaken = BOOKING_FAILURES.find((f) => f.slotTaken)!

/** The n-th slot request of the page, the newest once `requests` have been made. */
const latest = (sut: SlotsUi) => nthRoute(sut.routes.slots, sut.requests)

async function request(sut: SlotsUi, act: () => Promise<void>) {
  sut.requests++
  await act()
  await expect.poll(() => sut.routes.slots.length, { message: 'the day is requested' }).toBe(sut.requests)
}

/** In every state: the selected day by name, and Previous Day only when the day before is not past. */
async function expectDay(sut: SlotsUi) {
  await expect(sut.scope.getByText(dayLabel(dayAfter(TODAY, sut.offset)), { exact: true })).toBeVisible()
  const previous = dayButton(sut.scope, 'Previous Day')
  if (sut.offset > 0) await expect(previous).toBeEnabled()
  else await expect(previous).toBeDisabled()
}

/** In the modal's form (the modal is where most visitors book). */
describeUiPaths(
  'slots',
  slotsMachine,
  async (page: Page): Promise<SlotsUi> => {
    const routes = await routeBookingApi(page, { holdSlots: true })
    const scope = await openModalForm(page)
    const sut: SlotsUi = { page, scope, routes, offset: 0, requests: 1 }
    // RELOAD comes from the form (a taken slot): so a time is chosen and the contact filled first,
    // then the day is left and entered again, which puts the slots back in `loading` for today.
    await (await latest(sut)).fulfill({ json: slotsAnswer(WITH_SLOTS) })
    await slotButtons(scope).filter({ hasText: CHOSEN.label }).click()
    await fillContact(scope, NAME, EMAIL)
    await request(sut, () => dayButton(scope, 'Next Day').click())
    await request(sut, () => dayButton(scope, 'Previous Day').click())
    return sut
  },
  {
    ...slotsModel,
    label: 'modal',
    events: {
      PREVIOUS_DAY: async (sut) => {
        sut.offset--
        await request(sut, () => dayButton(sut.scope, 'Previous Day').click())
      },
      NEXT_DAY: async (sut) => {
        sut.offset++
        await request(sut, () => dayButton(sut.scope, 'Next Day').click())
      },
      RETRY: (sut) => request(sut, () => sut.scope.getByRole('button', { name: 'Retry' }).click()),
      // The server says the chosen slot was taken: the form reloads the day.
      RELOAD: (sut) =>
        request(sut, async () => {
          await confirmButton(sut.scope).click()
          const booking = await nthRoute(sut.routes.bookings, 1)
          if (slotTaken.answer === 'network') throw new Error('The taken slot is a server answer.')
          await booking.fulfill({ status: slotTaken.answer.status, contentType: 'application/json', body: slotTaken.answer.body })
          await expect(sut.scope.getByRole('alert').filter({ hasText: slotTaken.text })).toBeVisible()
        }),
    },
    internal: {
      advance: () => {
        throw new Error('The slots machine has no delays.')
      },
      done: { loadSlots: async (sut, event) => (await latest(sut)).fulfill({ json: slotsAnswer(event.output as SlotsByDate) }) },
      error: { loadSlots: async (sut) => (await latest(sut)).fulfill({ status: SLOTS_FAILURE.status, body: '' }) },
    },
    states: {
      loading: async (sut) => {
        await expectDay(sut)
        await expect(timeGroup(sut.scope).getByText(TEXTS.loadingSlots)).toBeAttached()
        await expect(slotButtons(sut.scope)).toHaveCount(0)
      },
      loaded: async (sut) => {
        await expectDay(sut)
        await expect(slotButtons(sut.scope)).toHaveText(TODAY_SLOTS.map((s) => s.label))
      },
      empty: async (sut) => {
        await expectDay(sut)
        await expect(sut.scope.getByText(TEXTS.noSlots, { exact: true })).toBeVisible()
        await expect(sut.scope.getByText(TEXTS.noSlotsHint, { exact: true })).toBeVisible()
        await expect(slotButtons(sut.scope)).toHaveCount(0)
      },
      failed: async (sut) => {
        await expectDay(sut)
        await expect(timeGroup(sut.scope).getByRole('alert')).toHaveText(TEXTS.slotsFailed)
        await expect(sut.scope.getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
    },
  },
)

