import { expect, test, type Locator, type Page } from '@playwright/test'
import type { BookingView } from '../../../core/manageWire'
import { manageBookingMachine } from '../../../machines/manageBooking'
import { answer, nthRequest, routeManageApi, type ManageRoutes } from '../../support/manageApi'
import {
  loadingStatus,
  manageButton,
  newSlot,
  newSlotButtons,
  newTimeGroup,
  openManagePage,
  reasonField,
  stepAlert,
  stepHeading,
} from '../../support/pages/manageBooking'
import { chooseTimeZone, clockSwitch, dayLabelOf, slotLabel } from '../../support/pages/bookingForm'
import type { InternalExecutors, StateChecks, UserExecutors } from '../support/executors'
import { describeUiPaths } from '../support/uiLevel'
import { CHOSEN, LOCALE, NAME, NOW, OTHER_ZONE, TIME_ZONE, TODAY_LABEL, TODAY_SLOTS, TOMORROW_SLOTS } from './support/bookingModel'
import {
  MANAGE_TEXTS,
  manageFailureOf,
  manageModel,
  MOVED,
  MOVED_LABEL,
  NOTICE,
  NOTICE_BEGUN,
  NOTICE_BEGUN_LABEL,
  PAST,
  REASON,
  RESCHEDULE_REQUEST,
  UID,
  UPCOMING,
  UPCOMING_LABEL,
  type ManageFailure,
} from './support/manageModel'
import { typeInto } from '../../support/typing'

test.use({ timezoneId: TIME_ZONE, locale: LOCALE })

type M = typeof manageBookingMachine

/** Each start time of the samples as the page writes the call, in Auckland time. */
const CALL_LABELS: Record<string, string> = {
  [UPCOMING.startTime]: UPCOMING_LABEL,
  [PAST.startTime]: 'Monday, 2 March 2026, 10:00 am to 10:15 am',
  [MOVED.startTime]: MOVED_LABEL,
  [NOTICE_BEGUN.startTime]: NOTICE_BEGUN_LABEL,
}
const START_LABELS: Record<string, string> = { [UPCOMING.startTime]: 'Thursday, 5 March 2026, 10:00 am', [MOVED.startTime]: `${TODAY_LABEL}, 12:00 pm` }

/**
 * The manage page as a visitor drives it, and what the visitor has done and the server answered so
 * far: from that the checks know what the page must show.
 */
interface ManageUi {
  page: Page
  main: Locator
  routes: ManageRoutes
  answered: { loads: number; cancels: number; moves: number }
  booking: BookingView | null
  movedFrom: string | null
  reason: string
  chosen: boolean
  failure: ManageFailure | null
  /** The sentence the page must show instead of the buttons (issue 25). */
  notice: string | null
  /** The zone and clock the page shows times in. */
  timeZone: string
  hour24: boolean
  /** Slot requests made before the last failed move. */
  slotRequestsBefore: number
  /** The visitor put the focus in a control (the reason, a slot) since the step began. */
  focusMoved: boolean
}

async function start(page: Page): Promise<ManageUi> {
  const routes = await routeManageApi(page)
  const main = await openManagePage(page, UID)
  return {
    page,
    main,
    routes,
    answered: { loads: 0, cancels: 0, moves: 0 },
    booking: null,
    movedFrom: null,
    reason: '',
    chosen: false,
    failure: null,
    notice: null,
    slotRequestsBefore: 0,
    focusMoved: false,
    timeZone: TIME_ZONE,
    hour24: false,
  }
}

/** A call as the reschedule step writes it, in the zone and on the clock chosen. */
function callLabel(sut: ManageUi, booking: BookingView): string {
  const time = (instant: string) => slotLabel(instant, sut.timeZone, sut.hour24)
  return `${dayLabelOf(booking.startTime, sut.timeZone)}, ${time(booking.startTime)} to ${time(booking.endTime)}`
}

/** The chosen slot's button, labelled in the zone and on the clock chosen. */
const chosenSlot = (sut: ManageUi) => newSlot(sut.main, slotLabel(CHOSEN.time, sut.timeZone, sut.hour24))

/** The picker opens on today in the zone (it has times in both zones of the model); its slots as the calendar answers them. */
const shownDaySlots = (sut: ManageUi) =>
  [...TODAY_SLOTS, ...TOMORROW_SLOTS].filter((slot) => dayLabelOf(slot.time, sut.timeZone) === dayLabelOf(NOW, sut.timeZone))

/** A button that moves the page to another step: the step's heading takes the focus. */
async function press(sut: ManageUi, name: Parameters<typeof manageButton>[1]) {
  sut.focusMoved = false
  await manageButton(sut.main, name).click()
}

const events: UserExecutors<M, ManageUi> = {
  RETRY: (sut) => press(sut, 'Retry'),
  START_CANCEL: async (sut) => {
    sut.reason = ''
    sut.failure = null
    await press(sut, 'Cancel this call')
  },
  REASON_CHANGED: async (sut, event) => {
    expect(event.value).toBe(REASON)
    await typeInto(reasonField(sut.main), event.value)
    sut.reason = event.value
    sut.focusMoved = true
  },
  CONFIRM_CANCEL: (sut) => press(sut, 'Yes, cancel the call'),
  START_RESCHEDULE: async (sut) => {
    sut.chosen = false
    sut.failure = null
    await press(sut, 'Reschedule')
  },
  SLOT_CHOSEN: async (sut, event) => {
    expect(event.slot).toBe(CHOSEN.time)
    await newSlot(sut.main, CHOSEN.label).click()
    sut.chosen = true
    sut.failure = null
    sut.focusMoved = true
  },
  CONFIRM_RESCHEDULE: (sut) => press(sut, 'Move my call'),
  // 'Keep my call' in the cancel step, 'Keep the current time' in the reschedule step.
  TIME_ZONE_CHOSEN: async (sut, event) => {
    expect(event.timeZone).toBe(OTHER_ZONE)
    await chooseTimeZone(newTimeGroup(sut.main), 'london', OTHER_ZONE)
    sut.timeZone = event.timeZone
    sut.focusMoved = true
  },
  CLOCK_CHANGED: async (sut, event) => {
    await clockSwitch(newTimeGroup(sut.main)).click()
    sut.hour24 = event.hour24
    sut.focusMoved = true
  },
  BACK: async (sut) => {
    sut.focusMoved = false
    await sut.main.getByRole('button', { name: /^Keep (my call|the current time)$/ }).click()
  },
}

/** Answers the page's next held request of a kind with a failure's answer. */
async function fail(sut: ManageUi, kind: keyof ManageUi['answered'], error: unknown) {
  sut.failure = manageFailureOf(error)
  if (sut.failure.notice) sut.notice = sut.failure.text
  sut.focusMoved = false
  await answer(await nthRequest(sut.routes[kind], ++sut.answered[kind]), sut.failure.answer)
}

const internal: InternalExecutors<ManageUi> = {
  // Jumps (fires what is due once): the page's own timers would run for days of animation frames with runFor.
  advance: (sut, ms) => sut.page.clock.fastForward(ms),
  delays: {
    /** To the booking's closesAt on the page's clock. */
    noticeBegins: async (sut) => {
      const notice = sut.booking!.changeNotice!
      sut.notice = notice.message
      sut.focusMoved = false
      return Date.parse(notice.closesAt) - (await sut.page.evaluate(() => Date.now()))
    },
  },
  done: {
    loadBooking: async (sut, event) => {
      sut.booking = event.output as BookingView
      if (sut.booking === NOTICE_BEGUN) sut.notice = NOTICE
      sut.focusMoved = false
      await answer(await nthRequest(sut.routes.loads, ++sut.answered.loads), { json: sut.booking })
    },
    cancelBooking: async (sut) => {
      sut.booking = { ...sut.booking!, status: 'CANCELLED', canChange: false }
      sut.focusMoved = false
      const reply = { success: true, message: 'Booking successfully cancelled.', bookingId: 12, bookingUid: UID, onlyRemovedAttendee: false }
      await answer(await nthRequest(sut.routes.cancels, ++sut.answered.cancels), { json: reply })
    },
    rescheduleBooking: async (sut) => {
      sut.movedFrom = sut.booking!.startTime
      sut.booking = { ...sut.booking!, startTime: MOVED.startTime, endTime: MOVED.endTime, changeNotice: MOVED.changeNotice }
      sut.focusMoved = false
      await answer(await nthRequest(sut.routes.moves, ++sut.answered.moves), { json: MOVED })
    },
  },
  error: {
    loadBooking: (sut, event) => fail(sut, 'loads', event.error),
    cancelBooking: (sut, event) => fail(sut, 'cancels', event.error),
    rescheduleBooking: async (sut, event) => {
      sut.slotRequestsBefore = sut.routes.slotInputs.length
      await fail(sut, 'moves', event.error)
      // A taken slot is no longer chosen.
      if (sut.failure?.slotTaken) sut.chosen = false
    },
  },
}

/** The step's heading, which has the focus unless the visitor has since put it in a control. */
async function expectStep(sut: ManageUi, heading: string) {
  await expect(stepHeading(sut.main)).toHaveText(heading)
  if (!sut.focusMoved) await expect(stepHeading(sut.main)).toBeFocused()
}

/** The booking's details: the call in the visitor's zone, the zone named, the name, the status. */
async function expectSummary(sut: ManageUi, status: 'Confirmed' | 'Cancelled') {
  const details = sut.main.getByRole('definition')
  await expect(details).toHaveText([CALL_LABELS[sut.booking!.startTime]!, MANAGE_TEXTS.zone, NAME, status])
}

const noChange = async (sut: ManageUi) => {
  await expect(manageButton(sut.main, 'Reschedule')).toHaveCount(0)
  await expect(manageButton(sut.main, 'Cancel this call')).toHaveCount(0)
  await expect(manageButton(sut.main, 'Book a new call')).toBeEnabled()
}

const states: StateChecks<M, ManageUi> = {
  loading: async (sut) => {
    await expect(loadingStatus(sut.main)).toBeVisible()
    await expect(stepHeading(sut.main)).toHaveCount(0)
  },
  loadFailed: async (sut) => {
    await expectStep(sut, MANAGE_TEXTS.loadFailedHeading)
    await expect(stepAlert(sut.main)).toHaveText(MANAGE_TEXTS.loadFailed)
    await expect(manageButton(sut.main, 'Retry')).toBeEnabled()
  },
  notFound: async (sut) => {
    await expectStep(sut, MANAGE_TEXTS.notFoundHeading)
    await expect(sut.main.getByText(MANAGE_TEXTS.notFound)).toBeVisible()
    await noChange(sut)
  },
  readOnly: async (sut) => {
    const cancelled = sut.booking!.status === 'CANCELLED'
    await expectStep(sut, cancelled ? MANAGE_TEXTS.cancelledHeading : MANAGE_TEXTS.pastHeading)
    await expectSummary(sut, cancelled ? 'Cancelled' : 'Confirmed')
    await noChange(sut)
  },
  noticeClosed: async (sut) => {
    await expectStep(sut, MANAGE_TEXTS.noticeHeading)
    await expectSummary(sut, 'Confirmed')
    // The sentence instead of the two buttons (issue 25): the view's, or the server's after a 409.
    await expect(sut.main.getByText(sut.notice!, { exact: true })).toBeVisible()
    await expect(manageButton(sut.main, 'Reschedule')).toHaveCount(0)
    await expect(manageButton(sut.main, 'Cancel this call')).toHaveCount(0)
    await expect(newTimeGroup(sut.main)).toHaveCount(0)
  },
  loaded: async (sut) => {
    await expectStep(sut, MANAGE_TEXTS.loadedHeading)
    await expectSummary(sut, 'Confirmed')
    await expect(manageButton(sut.main, 'Reschedule')).toBeEnabled()
    await expect(manageButton(sut.main, 'Cancel this call')).toBeEnabled()
  },
  confirmingCancel: async (sut) => {
    await expectStep(sut, MANAGE_TEXTS.confirmCancelHeading)
    await expect(sut.main.getByText(CALL_LABELS[sut.booking!.startTime]!)).toBeVisible()
    await expect(reasonField(sut.main)).toHaveValue(sut.reason)
    await expect(reasonField(sut.main)).toBeEditable()
    await expect(manageButton(sut.main, 'Yes, cancel the call')).toBeEnabled()
    await expect(manageButton(sut.main, 'Keep my call')).toBeEnabled()
    await expect(stepAlert(sut.main)).toHaveText('')
  },
  cancelling: async (sut) => {
    await expect(manageButton(sut.main, 'Cancelling...')).toBeDisabled()
    await expect(manageButton(sut.main, 'Keep my call')).toBeDisabled()
    await expect(reasonField(sut.main)).not.toBeEditable()
    // Cal.com's shape; a blank reason is left out.
    const request = (await nthRequest(sut.routes.cancels, sut.answered.cancels + 1)).request()
    expect(request.postDataJSON()).toEqual(sut.reason ? { uid: UID, cancellationReason: sut.reason } : { uid: UID })
  },
  cancelFailed: async (sut) => {
    await expectStep(sut, MANAGE_TEXTS.confirmCancelHeading)
    await expect(stepAlert(sut.main)).toHaveText(sut.failure!.text)
    await expect(reasonField(sut.main)).toHaveValue(sut.reason)
    await expect(manageButton(sut.main, 'Retry')).toBeEnabled()
    await expect(manageButton(sut.main, 'Keep my call')).toBeEnabled()
  },
  cancelled: async (sut) => {
    await expectStep(sut, MANAGE_TEXTS.cancelDoneHeading)
    await expectSummary(sut, 'Cancelled')
    await noChange(sut)
  },
  rescheduling: async (sut) => {
    await expect(stepHeading(sut.main)).toHaveText(MANAGE_TEXTS.rescheduleHeading)
    await expect(sut.main.getByText(`Now booked for ${callLabel(sut, sut.booking!)}`)).toBeVisible()
    await expect(newTimeGroup(sut.main).getByText(dayLabelOf(NOW, sut.timeZone), { exact: true })).toBeVisible()
    await expect(clockSwitch(newTimeGroup(sut.main))).toHaveAttribute('aria-checked', String(sut.hour24))
    // Every slot request names the booking being moved (its own slot counts as free). The day's label can
    // show before the test's route handler has seen the request: wait for it.
    await expect.poll(() => sut.routes.slotInputs.length).toBeGreaterThan(0)
    for (const input of sut.routes.slotInputs) expect(input).toMatchObject({ rescheduleUid: UID })
    await expect.poll(() => sut.routes.slotInputs.at(-1)?.timeZone).toBe(sut.timeZone)
  },
  'rescheduling.picking': async (sut) => {
    if (!sut.focusMoved) await expect(stepHeading(sut.main)).toBeFocused()
    await expect(newSlotButtons(sut.main)).toHaveCount(shownDaySlots(sut).length)
    await expect(chosenSlot(sut)).toHaveAttribute('aria-pressed', String(sut.chosen))
    const confirm = manageButton(sut.main, 'Move my call')
    if (sut.chosen) await expect(confirm).toBeEnabled()
    else await expect(confirm).toBeDisabled()
    await expect(stepAlert(sut.main)).toHaveText(sut.failure?.slotTaken ? sut.failure.text : '')
    // A taken slot reloads the day.
    if (sut.failure?.slotTaken) await expect.poll(() => sut.routes.slotInputs.length).toBe(sut.slotRequestsBefore + 1)
    await expect(manageButton(sut.main, 'Keep the current time')).toBeEnabled()
  },
  'rescheduling.saving': async (sut) => {
    await expect(manageButton(sut.main, 'Saving...')).toBeDisabled()
    await expect(manageButton(sut.main, 'Keep the current time')).toBeDisabled()
    await expect(chosenSlot(sut)).toHaveAttribute('aria-disabled', 'true')
    const request = (await nthRequest(sut.routes.moves, sut.answered.moves + 1)).request()
    expect(request.postDataJSON()).toEqual(RESCHEDULE_REQUEST)
  },
  'rescheduling.saveFailed': async (sut) => {
    await expect(stepHeading(sut.main)).toBeFocused()
    await expect(stepAlert(sut.main)).toHaveText(sut.failure!.text)
    await expect(manageButton(sut.main, 'Retry')).toBeEnabled()
    await expect(chosenSlot(sut)).toHaveAttribute('aria-pressed', 'true')
  },
  rescheduled: async (sut) => {
    await expectStep(sut, MANAGE_TEXTS.rescheduledHeading)
    await expectSummary(sut, 'Confirmed')
    await expect(sut.main.getByText(`Was ${START_LABELS[sut.movedFrom!]}`)).toBeVisible()
    await expect(manageButton(sut.main, 'Reschedule')).toBeEnabled()
    await expect(manageButton(sut.main, 'Cancel this call')).toBeEnabled()
  },
}

describeUiPaths('manageBooking', manageBookingMachine, start, {
  ...manageModel,
  noFirstTouch: 'the manage page is drawn by the app once it has fetched the booking: none of its events can come before the app runs',
  events,
  internal,
  states,
})
