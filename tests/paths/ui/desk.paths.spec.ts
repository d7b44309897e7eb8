import { expect, test, type Locator, type Page, type Route } from '@playwright/test'
import { BookingRejected } from '../../../core/bookingErrors'
import type { DeskCall, DeskView } from '../../../core/deskWire'
import { deskMachine, type DeskErrorPlace } from '../../../machines/desk'
import { waitForHydration } from '../../e2e/support/hydration'
import { answer, nthRequest } from '../../support/manageApi'
import { typeDay, typeInto } from '../../support/typing'
import type { InternalExecutors, StateChecks, UserExecutors } from '../support/executors'
import { describeUiPaths } from '../support/uiLevel'
import { LOCALE, NOW, TIME_ZONE } from './support/bookingModel'
import { DESK, deskModel, FAILURES, NETWORK, SOON, SPACED_LABEL, TODAY_DAY, TOMORROW_DAY, VIEWS } from './support/deskModel'
import { DESK_SIGN_IN_TEXTS } from './support/deskSignInModel'

test.use({ timezoneId: TIME_ZONE, locale: LOCALE })

type M = typeof deskMachine

/** The board's words (core/deskWire.ts DESK_TEXTS), written out so a changed sentence there is noticed. */
const TEXTS = {
  heading: 'Desk',
  signOut: 'Sign out',
  upcoming: 'Upcoming calls',
  past: 'Past calls',
  timeOff: 'Time off',
  cancelCall: 'Cancel call',
  reasonLabel: 'Reason for the visitor',
  confirmCancel: 'Cancel the call',
  keepCall: 'Keep the call',
  cancelled: 'The call is cancelled and the visitor has been emailed.',
  markNoShow: 'Mark no-show',
  rebookMail: 'Email them a link to book again',
  undoNoShow: 'Undo no-show',
  from: 'From',
  to: 'To',
  label: 'Label',
  addTimeOff: 'Add time off',
  timeOffOrder: 'The last day must be on or after the first.',
  reasonInvalid: 'The reason must be at most 500 characters, without control or invisible characters.',
  alreadyCancelled: 'This call has already been cancelled.',
} as const

const REFRESH_MS = 30_000
const JOIN_SOON_MS = 10 * 60_000
const REASON_MAX = 500

/** How the server (or the network) answers each of the model's failures, and the sentence the board then shows. */
function failureOf(error: unknown): { reply: { status: number; body: string } | 'network'; sentence: string | null } {
  if (error === NETWORK) return { reply: 'network', sentence: DESK_SIGN_IN_TEXTS.actionFailed }
  if (!(error instanceof BookingRejected) || !FAILURES.includes(error as never)) throw new Error('Not one of the sampled desk failures.')
  const body = JSON.stringify(error.serverCode ? { message: error.serverMessage, code: error.serverCode } : { message: error.serverMessage })
  // A 401 ends the desk: its sentence is the sign-in form's, not the board's.
  return { reply: { status: error.status, body }, sentence: error.status === 401 ? null : TEXTS.alreadyCancelled }
}

/** The next moment after `now` a call of the view changes phase: ten minutes before its start, its start, its end. */
function nextMoment(view: DeskView, now: number): number {
  const ahead = view.upcoming.flatMap((c) => [Date.parse(c.startTime) - JOIN_SOON_MS, Date.parse(c.startTime), Date.parse(c.endTime)]).filter((t) => t > now)
  return ahead.length ? Math.min(...ahead) : Number.POSITIVE_INFINITY
}

type Focus = { cancelButton: string } | 'reason' | 'upcomingHeading' | null

/**
 * The desk as its host drives it once signed in, and what the host has done and the server answered so far: from
 * that the checks know what the page must show. The desk's first check is answered at once with the model's board;
 * its refreshes and every action's request are held until the path answers them.
 */
interface DeskUi {
  page: Page
  main: Locator
  routes: { loads: Route[]; cancels: Route[]; marks: Route[]; adds: Route[]; removes: Route[]; signOuts: Route[] }
  answered: { loads: number; cancels: number; marks: number; adds: number; removes: number; signOuts: number }
  view: DeskView
  /** The board's time and its next refresh (epoch ms). */
  now: number
  refreshAt: number
  cancelling: string | null
  reason: string
  marking: { uid: string; noShow: boolean; rebook: boolean } | null
  timeOff: { from: string; to: string; label: string }
  removing: string | null
  error: { place: DeskErrorPlace; sentence: string } | null
  status: string | null
  farewell: string
  focus: Focus
}

async function start(page: Page): Promise<DeskUi> {
  const routes: DeskUi['routes'] = { loads: [], cancels: [], marks: [], adds: [], removes: [], signOuts: [] }
  let checked = false
  await page.route('**/api/desk', async (route) => {
    // The sign-in frame's first check finds the host signed in; the board's refreshes wait for the path.
    if (checked) return void routes.loads.push(route)
    checked = true
    await route.fulfill({ json: DESK })
  })
  await page.route('**/api/desk/calls/*/cancel', (route) => void routes.cancels.push(route))
  await page.route('**/api/desk/calls/*/no-show', (route) => void routes.marks.push(route))
  await page.route('**/api/desk/time-off', (route) => void routes.adds.push(route))
  await page.route('**/api/desk/time-off/*/remove', (route) => void routes.removes.push(route))
  await page.route('**/api/desk/sign-out', (route) => void routes.signOuts.push(route))
  // Time moves only as the path moves it, from NOW: the board opens at NOW, its timer due twenty seconds on (SOON's start).
  await page.clock.install({ time: Date.parse(NOW) - 1000 })
  await page.clock.pauseAt(Date.parse(NOW))
  await page.goto('/desk')
  await waitForHydration(page)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: TEXTS.heading })).toBeVisible()
  return {
    page,
    main,
    routes,
    answered: { loads: 0, cancels: 0, marks: 0, adds: 0, removes: 0, signOuts: 0 },
    view: DESK,
    now: Date.parse(NOW),
    refreshAt: Date.parse(NOW) + REFRESH_MS,
    cancelling: null,
    reason: '',
    marking: null,
    timeOff: { from: '', to: '', label: '' },
    removing: null,
    error: null,
    status: null,
    farewell: DESK_SIGN_IN_TEXTS.sessionEnded,
    focus: null,
  }
}

const callOf = (sut: DeskUi, uid: string): DeskCall => {
  const call = [...sut.view.upcoming, ...sut.view.past].find((c) => c.uid === uid)
  if (!call) throw new Error(`The board lists no call ${uid}.`)
  return call
}
const region = (sut: DeskUi, name: string) => sut.main.getByRole('region', { name, exact: true })
/** A call's list item, named by the visitor's name. */
const callItem = (sut: DeskUi, uid: string) => sut.main.getByRole('listitem', { name: callOf(sut, uid).name, exact: true })
const button = (scope: Locator, name: string) => scope.getByRole('button', { name, exact: true })
const dialog = (sut: DeskUi) => sut.page.getByRole('dialog', { name: TEXTS.cancelCall })
const reasonField = (sut: DeskUi) => dialog(sut).getByLabel(TEXTS.reasonLabel)
const timeOffField = (sut: DeskUi, label: string) => region(sut, TEXTS.timeOff).getByLabel(label, { exact: true })
/** Each time-off entry of the samples as the board writes it: its days, and its label when it has one. */
const ENTRY_DAYS: Record<string, string> = { 'off-1': 'Wednesday, 4 March 2026', 'off-2': 'Tuesday, 3 March 2026 – Wednesday, 4 March 2026' }
const ENTRY_TEXTS: Record<string, string> = { 'off-1': `${ENTRY_DAYS['off-1']} · Dentist`, 'off-2': ENTRY_DAYS['off-2']! }
const removeButton = (sut: DeskUi, id: string) => region(sut, TEXTS.timeOff).getByRole('button', { name: `Remove ${ENTRY_DAYS[id]}`, exact: true })
const signOutButton = (sut: DeskUi) => button(sut.main, TEXTS.signOut)
/** The sentences shown in the page's alerts now (empty alerts are there, waiting). */
const shownAlerts = (sut: DeskUi) => sut.main.getByRole('alert').filter({ hasText: /\S/ })

/** The host's pointer, a moment on: the page's frames run (the focus moves after a render), its clock a few ms on. */
async function expectFocused(sut: DeskUi, target: Locator) {
  await expect
    .poll(async () => {
      await sut.page.clock.runFor(20)
      return target.evaluate((element) => element === document.activeElement)
    })
    .toBe(true)
}

/** Pasted as a person pastes (what no one types key by key: a control character, more than the field keeps). */
async function pasteReason(sut: DeskUi, text: string, kept: string) {
  const field = reasonField(sut)
  await field.click()
  await field.press('ControlOrMeta+a')
  await field.press('Backspace')
  await sut.page.keyboard.insertText(text)
  await expect(field).toHaveValue(kept)
}

const events: UserExecutors<M, DeskUi> = {
  CANCEL_CALL: async (sut, event) => {
    Object.assign(sut, { cancelling: event.uid, reason: '', error: null, status: null, focus: 'reason' })
    await button(callItem(sut, event.uid), TEXTS.cancelCall).click()
  },
  REASON_CHANGED: async (sut, event) => {
    // The field keeps the first 500 characters of what is typed or pasted.
    sut.reason = event.value.slice(0, REASON_MAX)
    sut.focus = 'reason'
    if (/^[\x20-\x7E]*$/.test(event.value) && event.value.length <= REASON_MAX) await typeInto(reasonField(sut), event.value)
    else await pasteReason(sut, event.value, sut.reason)
  },
  CONFIRM_CANCEL: async (sut) => {
    Object.assign(sut, { error: null, focus: null })
    await button(dialog(sut), TEXTS.confirmCancel).click()
  },
  // The host closes the dialog with Escape.
  KEEP_CALL: async (sut) => {
    sut.focus = { cancelButton: sut.cancelling! }
    sut.cancelling = null
    sut.reason = ''
    await reasonField(sut).press('Escape')
  },
  MARK_NO_SHOW: async (sut, event) => {
    Object.assign(sut, { marking: { uid: event.uid, noShow: true, rebook: event.rebook }, error: null, status: null, focus: null })
    const item = callItem(sut, event.uid)
    const rebook = item.getByRole('checkbox', { name: TEXTS.rebookMail })
    // On by default: the host unticks it to send no mail.
    await expect(rebook).toBeChecked()
    if (!event.rebook) await rebook.click()
    await button(item, TEXTS.markNoShow).click()
  },
  UNDO_NO_SHOW: async (sut, event) => {
    Object.assign(sut, { marking: { uid: event.uid, noShow: false, rebook: false }, error: null, status: null, focus: null })
    await button(callItem(sut, event.uid), TEXTS.undoNoShow).click()
  },
  TIME_OFF_CHANGED: async (sut, event) => {
    sut.timeOff = { ...sut.timeOff, [event.field]: event.value }
    if (sut.error?.place === 'timeOff') sut.error = null
    sut.focus = null
    if (event.field === 'label') await typeInto(timeOffField(sut, TEXTS.label), event.value)
    else await typeDay(timeOffField(sut, event.field === 'from' ? TEXTS.from : TEXTS.to), event.value)
  },
  ADD_TIME_OFF: async (sut) => {
    sut.status = null
    // Both days given (today, then tomorrow) is an entry the server takes; a day missing is out of order.
    sut.error = sut.timeOff.from && sut.timeOff.to ? null : { place: 'timeOff', sentence: TEXTS.timeOffOrder }
    sut.focus = null
    await button(region(sut, TEXTS.timeOff), TEXTS.addTimeOff).click()
  },
  REMOVE_TIME_OFF: async (sut, event) => {
    Object.assign(sut, { removing: event.id, error: null, status: null, focus: null })
    await removeButton(sut, event.id).click()
  },
  SIGN_OUT: async (sut) => {
    Object.assign(sut, { error: null, status: null, focus: null })
    await signOutButton(sut).click()
  },
}

/** Answers the page's next held request of a kind: the desk after it, or a failure. */
async function settle(sut: DeskUi, kind: keyof DeskUi['routes'], reply: Parameters<typeof answer>[1]) {
  await answer(await nthRequest(sut.routes[kind], ++sut.answered[kind]), reply)
}

/** A failed request of the host's: its sentence shows at `place`, unless it ended the session. */
async function fail(sut: DeskUi, kind: keyof DeskUi['routes'], error: unknown, place: DeskErrorPlace) {
  const { reply, sentence } = failureOf(error)
  if (sentence !== null) sut.error = { place, sentence }
  await settle(sut, kind, reply)
}

const viewOf = (output: unknown) => {
  const known = Object.values(VIEWS).find((view) => view === output)
  if (!known) throw new Error('Not one of the sampled desk views.')
  return known
}

const internal: InternalExecutors<DeskUi> = {
  // Jumps (fires what is due once), as the manage page's paths do.
  advance: (sut, ms) => sut.page.clock.fastForward(ms),
  delays: {
    /** The next refresh, or the next moment a call changes phase if sooner, on the page's clock. */
    tick: async (sut) => {
      sut.now = Math.min(sut.refreshAt, nextMoment(sut.view, sut.now))
      return sut.now - (await sut.page.evaluate(() => Date.now()))
    },
  },
  done: {
    loadDesk: async (sut, event) => {
      sut.view = viewOf(event.output)
      sut.refreshAt = sut.now + REFRESH_MS
      await settle(sut, 'loads', { json: sut.view })
    },
    cancelCall: async (sut, event) => {
      sut.view = viewOf(event.output)
      sut.status = TEXTS.cancelled
      // The cancelled call has left the list with its button: the list's heading takes the focus.
      sut.focus = sut.view.upcoming.some((c) => c.uid === sut.cancelling) ? { cancelButton: sut.cancelling! } : 'upcomingHeading'
      Object.assign(sut, { cancelling: null, reason: '' })
      await settle(sut, 'cancels', { json: sut.view })
    },
    markNoShow: async (sut, event) => {
      sut.view = viewOf(event.output)
      sut.marking = null
      await settle(sut, 'marks', { json: sut.view })
    },
    addTimeOff: async (sut, event) => {
      sut.view = viewOf(event.output)
      sut.timeOff = { from: '', to: '', label: '' }
      await settle(sut, 'adds', { json: sut.view })
    },
    removeTimeOff: async (sut, event) => {
      sut.view = viewOf(event.output)
      sut.removing = null
      await settle(sut, 'removes', { json: sut.view })
    },
    signOut: async (sut) => {
      sut.farewell = DESK_SIGN_IN_TEXTS.signedOut
      await (await nthRequest(sut.routes.signOuts, ++sut.answered.signOuts)).fulfill({ status: 204 })
    },
  },
  error: {
    // A failed refresh shows nothing: the board stays as it was until the next one.
    loadDesk: async (sut, event) => {
      sut.refreshAt = sut.now + REFRESH_MS
      await settle(sut, 'loads', failureOf(event.error).reply)
    },
    cancelCall: (sut, event) => fail(sut, 'cancels', event.error, sut.cancelling!),
    markNoShow: async (sut, event) => {
      const { uid } = sut.marking!
      sut.marking = null
      await fail(sut, 'marks', event.error, uid)
    },
    addTimeOff: (sut, event) => fail(sut, 'adds', event.error, 'timeOff'),
    removeTimeOff: async (sut, event) => {
      sut.removing = null
      await fail(sut, 'removes', event.error, 'timeOff')
    },
    signOut: (sut, event) => fail(sut, 'signOuts', event.error, 'signOut'),
  },
}

/** The request a held route has, the next one of its kind not yet answered. */
const pending = async (sut: DeskUi, kind: keyof DeskUi['routes']) => (await nthRequest(sut.routes[kind], sut.answered[kind] + 1)).request()

/** The board behind the dialog: every call where it belongs, the time off, the sentences, the form. */
async function expectBoard(sut: DeskUi) {
  const names = (calls: DeskCall[]) => calls.map((call) => call.name)
  // Each list shows its calls in the server's order (the calls in the time off first), under their days.
  for (const [list, calls] of [[TEXTS.upcoming, sut.view.upcoming], [TEXTS.past, sut.view.past]] as const) {
    const items = region(sut, list).getByRole('listitem')
    await expect(items).toHaveCount(calls.length)
    for (const [i, name] of names(calls).entries()) await expect(items.nth(i)).toHaveAccessibleName(name)
  }
  const entries = region(sut, TEXTS.timeOff).getByRole('listitem')
  await expect(entries).toHaveCount(sut.view.timeOff.length)
  if (sut.view.timeOff.length) await expect(entries).toContainText(sut.view.timeOff.map((entry) => ENTRY_TEXTS[entry.id]!))
  // The sentence of the last failure, where it happened, and none elsewhere.
  const place = sut.error?.place
  if (place === undefined) await expect(shownAlerts(sut)).toHaveCount(0)
  else {
    const at = place === 'timeOff' ? region(sut, TEXTS.timeOff) : place === 'signOut' ? sut.main.locator('header') : callItem(sut, place)
    await expect(at.getByRole('alert')).toHaveText(sut.error!.sentence)
    await expect(shownAlerts(sut)).toHaveText([sut.error!.sentence])
  }
  await expect(sut.main.getByRole('status').filter({ hasText: TEXTS.cancelled })).toHaveCount(sut.status ? 1 : 0)
  await expect(timeOffField(sut, TEXTS.from)).toHaveValue(sut.timeOff.from)
  await expect(timeOffField(sut, TEXTS.to)).toHaveValue(sut.timeOff.to)
  await expect(timeOffField(sut, TEXTS.label)).toHaveValue(sut.timeOff.label)
}

/** The call's no-show controls: "Mark no-show" once it has started on the board's time and is unmarked, "Undo" once marked. */
async function expectNoShowControls(sut: DeskUi, enabled: boolean) {
  for (const call of [...sut.view.upcoming, ...sut.view.past]) {
    const item = callItem(sut, call.uid)
    const mark = button(item, TEXTS.markNoShow)
    const undo = button(item, TEXTS.undoNoShow)
    if (!call.noShow && Date.parse(call.startTime) <= sut.now) await (enabled ? expect(mark).toBeEnabled() : expect(mark).toBeDisabled())
    else await expect(mark).toHaveCount(0)
    if (call.noShow) await (enabled ? expect(undo).toBeEnabled() : expect(undo).toBeDisabled())
    else await expect(undo).toHaveCount(0)
  }
}

const states: StateChecks<M, DeskUi> = {
  loaded: async (sut) => {
    await expect(sut.main.getByRole('heading', { level: 1 })).toHaveText(TEXTS.heading)
    await expect(sut.main.getByText(DESK.email, { exact: true })).toBeVisible()
  },
  'loaded.idle': async (sut) => {
    await expect(dialog(sut)).toHaveCount(0)
    await expectBoard(sut)
    await expectNoShowControls(sut, true)
    for (const call of sut.view.upcoming) await expect(button(callItem(sut, call.uid), TEXTS.cancelCall)).toBeEnabled()
    for (const call of sut.view.past) await expect(button(callItem(sut, call.uid), TEXTS.cancelCall)).toHaveCount(0)
    await expect(button(region(sut, TEXTS.timeOff), TEXTS.addTimeOff)).toBeEnabled()
    await expect(timeOffField(sut, TEXTS.label)).toBeEditable()
    await expect(signOutButton(sut)).toBeEnabled()
    if (sut.focus !== null && sut.focus !== 'reason') {
      const target = sut.focus === 'upcomingHeading' ? region(sut, TEXTS.upcoming).getByRole('heading', { name: TEXTS.upcoming }) : button(callItem(sut, sut.focus.cancelButton), TEXTS.cancelCall)
      await expectFocused(sut, target)
    }
  },
  'loaded.refreshing': async (sut) => {
    // One request per refresh, and the host may still act meanwhile.
    await pending(sut, 'loads')
    expect(sut.routes.loads).toHaveLength(sut.answered.loads + 1)
    await expectBoard(sut)
    await expect(signOutButton(sut)).toBeEnabled()
  },
  'loaded.cancelDialog': async (sut) => {
    const call = callOf(sut, sut.cancelling!)
    await expect(dialog(sut)).toBeVisible()
    await expect(dialog(sut).getByText(call.name, { exact: true })).toBeVisible()
    await expect(reasonField(sut)).toHaveValue(sut.reason)
  },
  'loaded.cancelDialog.editing': async (sut) => {
    // A reason the server would refuse keeps the button off, with its sentence at the field.
    const plain = !sut.reason.includes('\u0007')
    const confirm = button(dialog(sut), TEXTS.confirmCancel)
    await (plain ? expect(confirm).toBeEnabled() : expect(confirm).toBeDisabled())
    const sentence = plain ? (sut.error?.sentence ?? '') : TEXTS.reasonInvalid
    await expect(dialog(sut).getByRole('alert')).toHaveText(sentence)
    if (sentence) await expect(reasonField(sut)).toHaveAttribute('aria-invalid', 'true')
    else await expect(reasonField(sut)).not.toHaveAttribute('aria-invalid')
    await expect(reasonField(sut)).toBeEditable()
    await expect(button(dialog(sut), TEXTS.keepCall)).toBeEnabled()
    if (sut.focus === 'reason') await expectFocused(sut, reasonField(sut))
  },
  'loaded.cancelDialog.sending': async (sut) => {
    const request = await pending(sut, 'cancels')
    expect(new URL(request.url()).pathname).toBe(`/api/desk/calls/${sut.cancelling}/cancel`)
    expect(request.postDataJSON()).toEqual({ reason: sut.reason })
    await expect(button(dialog(sut), TEXTS.confirmCancel)).toBeDisabled()
    await expect(button(dialog(sut), TEXTS.keepCall)).toBeDisabled()
    await expect(reasonField(sut)).not.toBeEditable()
  },
  'loaded.marking': async (sut) => {
    const request = await pending(sut, 'marks')
    expect(new URL(request.url()).pathname).toBe(`/api/desk/calls/${sut.marking!.uid}/no-show`)
    expect(request.postDataJSON()).toEqual({ noShow: sut.marking!.noShow, rebook: sut.marking!.rebook })
    await expectBoard(sut)
    // One action at a time.
    await expectNoShowControls(sut, false)
    await expect(signOutButton(sut)).toBeDisabled()
  },
  'loaded.addingTimeOff': async (sut) => {
    // Written out: the form's days, and its label trimmed, or left out when blank.
    const days = { from: TODAY_DAY, to: TOMORROW_DAY }
    expect((await pending(sut, 'adds')).postDataJSON()).toEqual(sut.timeOff.label === SPACED_LABEL ? { ...days, label: 'Dentist' } : days)
    await expectBoard(sut)
    await expect(button(region(sut, TEXTS.timeOff), TEXTS.addTimeOff)).toBeDisabled()
    await expect(timeOffField(sut, TEXTS.label)).not.toBeEditable()
  },
  'loaded.removingTimeOff': async (sut) => {
    const request = await pending(sut, 'removes')
    expect(new URL(request.url()).pathname).toBe(`/api/desk/time-off/${sut.removing}/remove`)
    await expectBoard(sut)
    await expect(removeButton(sut, sut.removing!)).toBeDisabled()
    await expect(signOutButton(sut)).toBeDisabled()
  },
  'loaded.signingOut': async (sut) => {
    await pending(sut, 'signOuts')
    await expectBoard(sut)
    await expect(signOutButton(sut)).toBeDisabled()
  },
  // The desk is left for the sign-in form, which says how.
  signedOut: async (sut) => {
    expect(sut.farewell).toBe(DESK_SIGN_IN_TEXTS.signedOut)
    await expect(sut.main.getByRole('heading', { level: 1 })).toHaveText(DESK_SIGN_IN_TEXTS.signInHeading)
    await expect(sut.main.getByText(DESK_SIGN_IN_TEXTS.signedOut, { exact: true })).toBeVisible()
    await expect(sut.main.getByText(SOON.name)).toHaveCount(0)
  },
  sessionEnded: async (sut) => {
    await expect(sut.main.getByRole('heading', { level: 1 })).toHaveText(DESK_SIGN_IN_TEXTS.signInHeading)
    await expect(sut.main.getByText(DESK_SIGN_IN_TEXTS.sessionEnded, { exact: true })).toBeVisible()
    await expect(sut.main.getByText(SOON.name)).toHaveCount(0)
  },
}

describeUiPaths('desk', deskMachine, start, {
  ...deskModel,
  noFirstTouch:
    'the board is drawn by the app once the sign-in frame has found the host signed in: the prerendered shell has no control to use before the app runs',
  events,
  internal,
  states,
})
