import { expect } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { BookingRejected } from '../../core/bookingErrors'
import { DESK_TEXTS, type DeskView, type TimeOffRequest } from '../../core/deskWire'
import { CANCELLATION_REASON_MAX_LENGTH } from '../../core/manageWire'
import { deskMachine, type DeskErrorPlace } from '../../machines/desk'
import { deskControls, deskView } from '../../machines/deskView'
import { controllablePromiseActor } from './support/fakes'
import { describeMachinePaths, type PathCases } from './support/machineLevel'
import type { AnySnapshot, ModelPath } from './support/machineModel'
import { NOW } from './ui/support/bookingModel'
import { DESK, deskInput, deskModel, GONE_TIME_OFF, SOON, SPACED_LABEL, TODAY_DAY, TOMORROW_DAY } from './ui/support/deskModel'

const REFRESH_MS = 30_000
const JOIN_SOON_MS = 10 * 60_000

/** What a failure shows (the server's sentence, else the network's), written out here, never asked of the machine. */
const sentenceOf = (error: unknown) => (error instanceof BookingRejected && error.serverMessage ? error.serverMessage : DESK_TEXTS.actionFailed)
const endsSession = (error: unknown) => error instanceof BookingRejected && error.status === 401

/** The next moment after `now` a call of the view changes phase: ten minutes before its start, its start, its end. */
function nextMoment(view: DeskView, now: number): number {
  const ahead = view.upcoming.flatMap((c) => [Date.parse(c.startTime) - JOIN_SOON_MS, Date.parse(c.startTime), Date.parse(c.endTime)]).filter((t) => t > now)
  return ahead.length ? Math.min(...ahead) : Number.POSITIVE_INFINITY
}

/** Each step of a path with the snapshot it is taken from: what the cases read (never what the machine made of it). */
const stepsOf = (path: ModelPath) => path.steps.slice(1).map((step, i) => ({ event: step.event as { type: string } & Record<string, unknown>, before: path.steps[i]!.state as AnySnapshot }))

/** Cases the mutation run's covering paths walk beside every transition (docs/testing.md, "Mutation testing"). */
const CASES: PathCases = {
  'a reason longer than the field keeps': (path) => stepsOf(path).some(({ event }) => event.type === 'REASON_CHANGED' && String(event.value).length > CANCELLATION_REASON_MAX_LENGTH),
  'time off sent with a label to trim': (path) =>
    stepsOf(path).some(({ event, before }) => event.type === 'ADD_TIME_OFF' && before.context.timeOff.label === SPACED_LABEL && before.context.timeOff.to !== ''),
  'the form changed under its sentence': (path) => stepsOf(path).some(({ event, before }) => event.type === 'TIME_OFF_CHANGED' && before.context.error?.place === 'timeOff'),
  "the form changed under a call's sentence": (path) =>
    stepsOf(path).some(({ event, before }) => event.type === 'TIME_OFF_CHANGED' && before.context.error !== null && before.context.error.place !== 'timeOff'),
  'a removal of an entry no longer listed, beside one that is': (path) =>
    stepsOf(path).some(({ event, before }) => event.type === 'REMOVE_TIME_OFF' && event.id === GONE_TIME_OFF && before.context.view.timeOff.length > 0),
}

describeMachinePaths(
  'desk',
  deskMachine,
  () => {
    const loads = controllablePromiseActor<DeskView>()
    const cancels = controllablePromiseActor<DeskView, { uid: string; reason: string }>()
    const marks = controllablePromiseActor<DeskView, { uid: string; noShow: boolean; rebook: boolean }>()
    const adds = controllablePromiseActor<DeskView, TimeOffRequest>()
    const removes = controllablePromiseActor<DeskView, { id: string }>()
    const signOuts = controllablePromiseActor<void>()
    const focus = { reason: 0, returned: [] as Array<string | null> }
    const machine = deskMachine.provide({
      actors: { loadDesk: loads.logic, cancelCall: cancels.logic, markNoShow: marks.logic, addTimeOff: adds.logic, removeTimeOff: removes.logic, signOut: signOuts.logic },
      actions: {
        focusReason: () => void focus.reason++,
        returnFocus: (_, params) => void focus.returned.push(params.uid),
      },
    })
    // The page's clock: NOW when the desk opens, then as the path moves it.
    const clock = new SimulatedClock()
    const actor = createActor(machine, { input: { ...deskInput, clock: () => Date.parse(NOW) + clock.now() }, clock })
    actor.start()
    return {
      actor,
      clock,
      loads,
      cancels,
      marks,
      adds,
      removes,
      signOuts,
      focus,
      /** What the host has done and what the server answered: the checks' expectations. */
      view: DESK,
      now: Date.parse(NOW),
      refreshAt: Date.parse(NOW) + REFRESH_MS,
      cancelling: null as string | null,
      reason: '',
      marking: null as { uid: string; noShow: boolean; rebook: boolean } | null,
      timeOff: { from: '', to: '', label: '' },
      removing: null as string | null,
      error: null as { place: DeskErrorPlace; sentence: string } | null,
      status: null as string | null,
      opened: 0,
      focusReturns: [] as Array<string | null>,
      farewell: DESK_TEXTS.sessionEnded as string,
      snapshot: () => actor.getSnapshot(),
      stop: () => actor.stop(),
    }
  },
  {
    ...deskModel,
    cases: CASES,
    views: {
      upcomingDays: (s) => deskView.upcomingDays(s).map(({ day, calls }) => `${day}: ${calls.map((c) => c.uid).join(', ')}`),
      dialogCall: (s) => deskView.dialogCall(s)?.uid ?? null,
      reasonError: deskView.reasonError,
      marking: deskView.marking,
      canMarkSoon: (s) => deskControls.markNoShow(s, SOON.uid),
    },
    events: {
      CANCEL_CALL: (sut, event) => {
        sut.cancelling = event.uid
        sut.reason = ''
        sut.error = null
        sut.status = null
        sut.opened++
        sut.actor.send(event)
      },
      REASON_CHANGED: (sut, event) => {
        // The field keeps the first CANCELLATION_REASON_MAX_LENGTH characters of what is typed or pasted.
        sut.reason = event.value.slice(0, CANCELLATION_REASON_MAX_LENGTH)
        sut.actor.send(event)
      },
      CONFIRM_CANCEL: (sut, event) => {
        sut.error = null
        sut.actor.send(event)
      },
      KEEP_CALL: (sut, event) => {
        sut.focusReturns.push(sut.cancelling)
        sut.cancelling = null
        sut.reason = ''
        sut.actor.send(event)
      },
      MARK_NO_SHOW: (sut, event) => {
        sut.marking = { uid: event.uid, noShow: true, rebook: event.rebook }
        sut.error = null
        sut.status = null
        sut.actor.send(event)
      },
      UNDO_NO_SHOW: (sut, event) => {
        sut.marking = { uid: event.uid, noShow: false, rebook: false }
        sut.error = null
        sut.status = null
        sut.actor.send(event)
      },
      TIME_OFF_CHANGED: (sut, event) => {
        sut.timeOff = { ...sut.timeOff, [event.field]: event.value }
        if (sut.error?.place === 'timeOff') sut.error = null
        sut.actor.send(event)
      },
      ADD_TIME_OFF: (sut, event) => {
        sut.status = null
        // Both days given (today, then tomorrow) is an entry the server takes; a day missing is out of order.
        sut.error = sut.timeOff.from && sut.timeOff.to ? null : { place: 'timeOff', sentence: DESK_TEXTS.timeOffOrder }
        sut.actor.send(event)
      },
      REMOVE_TIME_OFF: (sut, event) => {
        sut.removing = event.id
        sut.error = null
        sut.status = null
        sut.actor.send(event)
      },
      SIGN_OUT: (sut, event) => {
        sut.error = null
        sut.status = null
        sut.actor.send(event)
      },
    },
    internal: {
      advance: (sut, ms) => sut.clock.increment(ms),
      delays: {
        /** The next refresh, or the next moment a call changes phase if sooner: not a millisecond early. */
        tick: (sut) => {
          const due = Math.min(sut.refreshAt, nextMoment(sut.view, sut.now))
          const before = sut.snapshot().value
          sut.clock.increment(due - (Date.parse(NOW) + sut.clock.now()) - 1)
          expect(sut.snapshot().value).toEqual(before)
          sut.now = due
          return 1
        },
      },
      done: {
        loadDesk: (sut, event) => {
          sut.view = event.output as DeskView
          sut.refreshAt = sut.now + REFRESH_MS
          sut.loads.last.settle.resolve(sut.view)
        },
        cancelCall: (sut, event) => {
          sut.view = event.output as DeskView
          sut.status = DESK_TEXTS.cancelled
          sut.focusReturns.push(sut.cancelling)
          sut.cancelling = null
          sut.reason = ''
          sut.cancels.last.settle.resolve(sut.view)
        },
        markNoShow: (sut, event) => {
          sut.view = event.output as DeskView
          sut.marking = null
          sut.marks.last.settle.resolve(sut.view)
        },
        addTimeOff: (sut, event) => {
          sut.view = event.output as DeskView
          sut.timeOff = { from: '', to: '', label: '' }
          sut.adds.last.settle.resolve(sut.view)
        },
        removeTimeOff: (sut, event) => {
          sut.view = event.output as DeskView
          sut.removing = null
          sut.removes.last.settle.resolve(sut.view)
        },
        signOut: (sut) => {
          sut.farewell = DESK_TEXTS.signedOut
          sut.signOuts.last.settle.resolve()
        },
      },
      error: {
        // A failed refresh shows nothing: the board stays as it was until the next one.
        loadDesk: (sut, event) => {
          sut.refreshAt = sut.now + REFRESH_MS
          sut.loads.last.settle.reject(event.error)
        },
        cancelCall: (sut, event) => {
          if (!endsSession(event.error)) sut.error = { place: sut.cancelling!, sentence: sentenceOf(event.error) }
          sut.cancels.last.settle.reject(event.error)
        },
        markNoShow: (sut, event) => {
          if (!endsSession(event.error)) sut.error = { place: sut.marking!.uid, sentence: sentenceOf(event.error) }
          sut.marking = null
          sut.marks.last.settle.reject(event.error)
        },
        addTimeOff: (sut, event) => {
          if (!endsSession(event.error)) sut.error = { place: 'timeOff', sentence: sentenceOf(event.error) }
          sut.adds.last.settle.reject(event.error)
        },
        removeTimeOff: (sut, event) => {
          if (!endsSession(event.error)) sut.error = { place: 'timeOff', sentence: sentenceOf(event.error) }
          sut.removing = null
          sut.removes.last.settle.reject(event.error)
        },
        signOut: (sut, event) => {
          if (!endsSession(event.error)) sut.error = { place: 'signOut', sentence: sentenceOf(event.error) }
          sut.signOuts.last.settle.reject(event.error)
        },
      },
    },
    states: {
      loaded: (sut) => {
        const { context } = sut.snapshot()
        expect(context.view).toEqual(sut.view)
        expect(context.now).toBe(sut.now)
        expect(context.timeOff).toEqual(sut.timeOff)
        expect(context.error).toEqual(sut.error)
        expect(context.status).toBe(sut.status)
        expect(sut.focus.reason).toBe(sut.opened)
        expect(sut.focus.returned).toEqual(sut.focusReturns)
      },
      'loaded.idle': (sut) => {
        const snapshot = sut.snapshot()
        expect(snapshot.context.cancelling).toBeNull()
        // "Mark no-show" comes up for a call once it has started on the board's time, and not before.
        const soon = sut.view.upcoming.find((c) => c.uid === SOON.uid)
        expect(deskControls.markNoShow(snapshot, SOON.uid)).toBe(soon !== undefined && sut.now >= Date.parse(SOON.startTime))
        for (const call of sut.view.upcoming) expect(deskControls.cancel(snapshot, call.uid)).toBe(true)
        for (const call of sut.view.past) expect(deskControls.cancel(snapshot, call.uid)).toBe(false)
        expect(deskControls.addTimeOff(snapshot)).toBe(true)
        expect(deskControls.signOut(snapshot)).toBe(true)
      },
      'loaded.refreshing': (sut) => {
        // One request per refresh, and the host may still act meanwhile.
        expect(sut.loads.calls.length).toBeGreaterThan(0)
        expect(deskControls.signOut(sut.snapshot())).toBe(true)
      },
      'loaded.cancelDialog': (sut) => {
        const snapshot = sut.snapshot()
        expect(snapshot.context.cancelling).toBe(sut.cancelling)
        expect(deskView.dialogCall(snapshot)?.uid).toBe(sut.cancelling)
        expect(snapshot.context.reason).toBe(sut.reason)
        // One action at a time: nothing else while the dialog is open.
        expect(deskControls.signOut(snapshot)).toBe(false)
        expect(deskControls.addTimeOff(snapshot)).toBe(false)
      },
      'loaded.cancelDialog.editing': (sut) => {
        const snapshot = sut.snapshot()
        expect(deskControls.keepCall(snapshot)).toBe(true)
        // A reason the server would refuse keeps the button off, with its sentence at the field.
        const plain = !sut.reason.includes('\u0007')
        expect(deskControls.confirmCancel(snapshot)).toBe(plain)
        expect(deskView.reasonError(snapshot)).toBe(plain ? null : DESK_TEXTS.reasonInvalid)
      },
      'loaded.cancelDialog.sending': (sut) => {
        expect(sut.cancels.last.input).toStrictEqual({ uid: sut.cancelling, reason: sut.reason })
        expect(deskView.sendingCancel(sut.snapshot())).toBe(true)
        expect(deskControls.keepCall(sut.snapshot())).toBe(false)
        expect(deskControls.editReason(sut.snapshot())).toBe(false)
      },
      'loaded.marking': (sut) => {
        expect(sut.marks.last.input).toStrictEqual(sut.marking)
        expect(deskView.marking(sut.snapshot())).toBe(sut.marking!.uid)
        expect(deskControls.signOut(sut.snapshot())).toBe(false)
      },
      'loaded.addingTimeOff': (sut) => {
        // Written out: the form's days, and its label trimmed, or left out when blank.
        const days = { from: TODAY_DAY, to: TOMORROW_DAY }
        expect(sut.adds.last.input).toStrictEqual(sut.timeOff.label ? { ...days, label: 'Dentist' } : days)
        expect(deskView.addingTimeOff(sut.snapshot())).toBe(true)
        expect(deskControls.editTimeOff(sut.snapshot())).toBe(false)
      },
      'loaded.removingTimeOff': (sut) => {
        expect(sut.removes.last.input).toStrictEqual({ id: sut.removing })
        // Only an entry the board lists is removed (one already gone is not asked for again).
        expect(sut.view.timeOff.map((entry) => entry.id)).toContain(sut.removing)
        expect(deskView.removingTimeOff(sut.snapshot())).toBe(sut.removing)
      },
      'loaded.signingOut': (sut) => {
        expect(sut.signOuts.calls.length).toBeGreaterThan(0)
        expect(deskView.signingOut(sut.snapshot())).toBe(true)
        expect(deskControls.signOut(sut.snapshot())).toBe(false)
      },
      signedOut: (sut) => {
        expect(sut.snapshot().status).toBe('done')
        expect(sut.snapshot().output).toEqual({ sentence: DESK_TEXTS.signedOut })
        expect(sut.farewell).toBe(DESK_TEXTS.signedOut)
      },
      sessionEnded: (sut) => {
        expect(sut.snapshot().status).toBe('done')
        expect(sut.snapshot().output).toEqual({ sentence: DESK_TEXTS.sessionEnded })
      },
    },
  },
)
