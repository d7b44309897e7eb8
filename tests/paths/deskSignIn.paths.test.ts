import { expect } from 'vitest'
import { createActor, type EventObject } from 'xstate'
import type { DeskView, LinkRequest, SessionRequest } from '../../core/deskWire'
import type { DeskBoardInput } from '../../machines/desk'
import { deskSignInMachine, type DeskSignInSnapshot } from '../../machines/deskSignIn'
import { deskSignInStep } from '../../machines/deskSignInView'
import { controllablePromiseActor } from './support/fakes'
import { describeMachinePaths, type PathCases } from './support/machineLevel'
import type { AnySnapshot, ModelPath } from './support/machineModel'
import { DESK_SIGN_IN_TEXTS as TEXTS, deskFailureOf, deskSignInModel, HOST_EMAIL, TOKEN, VIEW, type DeskFailure } from './ui/support/deskSignInModel'

/** An address pasted with spaces around it: the request sends it trimmed. */
const SPACED_EMAIL = `  ${HOST_EMAIL} `

/** The machine level's samples beside the UI level's: the pasted address above. */
const machineSamples = {
  ...deskSignInModel.samples,
  EMAIL_CHANGED: [...deskSignInModel.samples!.EMAIL_CHANGED!, { type: 'EMAIL_CHANGED', value: SPACED_EMAIL }],
}

/** Each step of a path with the snapshot it is taken from: what the cases read (never what the machine made of it). */
const stepsOf = (path: ModelPath) =>
  path.steps.slice(1).map((step, i) => ({ event: step.event as EventObject & Record<string, unknown>, before: path.steps[i]!.state as AnySnapshot }))

/** Cases the mutation run's covering paths walk beside every transition (docs/testing.md, "Mutation testing"). */
const CASES: PathCases = {
  'a link asked for an address with spaces around it': (path) =>
    stepsOf(path).some(({ event, before }) => before.matches('signedOut') && event.type === 'SEND_LINK' && before.context.email === SPACED_EMAIL),
  'an address typed again after it was refused': (path) =>
    stepsOf(path).some(({ event, before }) => event.type === 'EMAIL_CHANGED' && before.context.emailError !== null),
  'a session ended by the server': (path) =>
    stepsOf(path).some(({ event }) => event.type === 'xstate.done.actor.desk' && (event.output as { sentence: string }).sentence === TEXTS.sessionEnded),
}

type Focus = 'heading' | 'field' | 'alert'

describeMachinePaths(
  'deskSignIn',
  deskSignInMachine,
  () => {
    const loads = controllablePromiseActor<DeskView>()
    const sessions = controllablePromiseActor<void, SessionRequest>()
    const links = controllablePromiseActor<void, LinkRequest>()
    const boards = controllablePromiseActor<{ sentence: string }, DeskBoardInput>()
    const effects = { focus: [] as Focus[], forgotten: 0 }
    const machine = deskSignInMachine.provide({
      actors: { loadDesk: loads.logic, openSession: sessions.logic, requestLink: links.logic, desk: boards.logic as never },
      actions: {
        forgetLinkInAddress: () => void effects.forgotten++,
        focusStepHeading: () => void effects.focus.push('heading'),
        focusEmailField: () => void effects.focus.push('field'),
        focusAlert: () => void effects.focus.push('alert'),
      },
    })
    const clock = () => Date.parse('2026-03-03T09:00:00Z')
    const actor = createActor(machine, { input: { clock } })
    actor.start()
    return {
      actor,
      clock,
      loads,
      sessions,
      links,
      boards,
      effects,
      /** What the visitor has done and the server answered: the checks' expectations. */
      token: '',
      email: '',
      /** The field's sentence after a refused submit, following what is typed from then on. */
      emailError: null as string | null,
      failure: null as DeskFailure | null,
      /** The sentence under the form: the last failed request for a link's, until the next is sent. */
      formError: null as string | null,
      notice: null as string | null,
      /** Where the focus must have gone last, or null when nothing has moved it yet. */
      focus: null as Focus | null,
      snapshot: () => actor.getSnapshot(),
      stop: () => actor.stop(),
    }
  },
  {
    ...deskSignInModel,
    samples: machineSamples,
    views: { deskSignInStep },
    cases: CASES,
    events: {
      OPENED: (sut, event) => {
        sut.token = event.token
        sut.actor.send(event)
      },
      EMAIL_CHANGED: (sut, event) => {
        sut.email = event.value
        if (sut.emailError !== null) sut.emailError = isGoodAddress(event.value) ? null : TEXTS.emailInvalid
        sut.actor.send(event)
      },
      SEND_LINK: (sut, event) => {
        if (!isGoodAddress(sut.email)) {
          sut.emailError = TEXTS.emailInvalid
          sut.focus = 'field'
        } else Object.assign(sut, { emailError: null, formError: null })
        sut.actor.send(event)
      },
      RETRY: (sut, event) => sut.actor.send(event),
      ASK_NEW_LINK: (sut, event) => {
        sut.focus = 'heading'
        sut.actor.send(event)
      },
    },
    internal: {
      advance: () => {},
      done: {
        loadDesk: (sut) => sut.loads.last.settle.resolve(VIEW),
        openSession: (sut) => sut.sessions.last.settle.resolve(),
        requestLink: (sut) => {
          sut.focus = 'heading'
          sut.links.last.settle.resolve()
        },
        desk: (sut, event) => {
          const { sentence } = event.output as { sentence: string }
          Object.assign(sut, { notice: sentence, email: '', emailError: null, formError: null, focus: 'heading' })
          sut.boards.last.settle.resolve({ sentence })
        },
      },
      error: {
        loadDesk: (sut, event) => {
          sut.failure = deskFailureOf(event.error)
          sut.focus = 'heading'
          sut.loads.last.settle.reject(event.error)
        },
        openSession: (sut, event) => {
          sut.failure = deskFailureOf(event.error)
          sut.focus = 'heading'
          sut.sessions.last.settle.reject(event.error)
        },
        requestLink: (sut, event) => {
          sut.failure = deskFailureOf(event.error)
          sut.formError = sut.failure.text
          sut.focus = 'alert'
          sut.links.last.settle.reject(event.error)
        },
      },
    },
    states: {
      opening: (sut) => {
        expect(sut.loads.calls).toHaveLength(0)
        expect(sut.sessions.calls).toHaveLength(0)
        expect(sut.effects.focus).toEqual([])
        expect(deskSignInStep(sut.snapshot())).toBe('opening')
      },
      openingLink: (sut) => {
        // The token leaves the address at once, and goes to the server as it came.
        expect(sut.effects.forgotten).toBe(1)
        expect(sut.sessions.last.input).toStrictEqual({ token: TOKEN })
        expect(sut.loads.calls).toHaveLength(0)
        expect(sut.snapshot().context.error).toBeNull()
      },
      openFailed: (sut) => {
        expect(sut.snapshot().context.error).toBe(sut.failure!.text)
        expect(sut.snapshot().can({ type: 'RETRY' })).toBe(true)
        expectFocus(sut)
      },
      linkRefused: (sut) => {
        expect(sut.snapshot().can({ type: 'ASK_NEW_LINK' })).toBe(true)
        expect(sut.snapshot().can({ type: 'RETRY' })).toBe(false)
        expectFocus(sut)
      },
      checking: (sut) => {
        expect(sut.loads.calls.length).toBeGreaterThan(0)
        expect(sut.snapshot().context.view).toBeNull()
        // After a link: only once the session has been opened.
        expect(sut.effects.forgotten).toBe(sut.token === '' ? 0 : 1)
        expect(deskSignInStep(sut.snapshot())).toBe('checking')
      },
      checkFailed: (sut) => {
        expect(sut.snapshot().can({ type: 'RETRY' })).toBe(true)
        expectFocus(sut)
      },
      notSetUp: (sut) => {
        for (const event of [{ type: 'RETRY' }, { type: 'SEND_LINK' }, { type: 'ASK_NEW_LINK' }, { type: 'EMAIL_CHANGED', value: HOST_EMAIL }] as const) {
          expect(sut.snapshot().can(event)).toBe(false)
        }
        expectFocus(sut)
      },
      signedOut: (sut) => {
        const { context, children } = sut.snapshot()
        expect(context.email).toBe(sut.email)
        expect(context.emailError).toBe(sut.emailError)
        expect(context.error).toBe(sut.formError)
        expect(context.notice).toBe(sut.notice)
        // Nothing of the desk stays once it has ended.
        expect(context.view).toBeNull()
        expect(children.desk).toBeUndefined()
        expect(sut.snapshot().can({ type: 'EMAIL_CHANGED', value: HOST_EMAIL })).toBe(true)
        expect(deskSignInStep(sut.snapshot())).toBe('signedOut')
        expectFocus(sut)
      },
      sending: (sut) => {
        // The address as the server takes it: trimmed.
        expect(sut.links.last.input).toStrictEqual({ email: sut.email.trim() })
        expect(sut.snapshot().context.error).toBeNull()
        expect(sut.snapshot().can({ type: 'EMAIL_CHANGED', value: HOST_EMAIL })).toBe(false)
        expect(sut.snapshot().can({ type: 'SEND_LINK' })).toBe(false)
        expect(deskSignInStep(sut.snapshot())).toBe('signedOut')
      },
      sent: (sut) => {
        expect(sut.snapshot().can({ type: 'SEND_LINK' })).toBe(false)
        expectFocus(sut)
      },
      signedIn: (sut) => {
        const { context, children } = sut.snapshot()
        expect(context.view).toEqual(VIEW)
        expect(children.desk).toBeDefined()
        // The board starts from the desk as answered, with the page's clock.
        expect(sut.boards.last.input).toStrictEqual({ view: VIEW, clock: sut.clock })
        expect(context.notice).toBeNull()
        expect(deskSignInStep(sut.snapshot())).toBe('signedIn')
      },
    },
  },
)

/** A well-formed address, as the test reads one (an oracle of its own, not the schema's check). */
function isGoodAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
}

function expectFocus(sut: { effects: { focus: Focus[] }; focus: Focus | null; snapshot(): DeskSignInSnapshot }) {
  expect(sut.effects.focus.at(-1) ?? null).toBe(sut.focus)
}
