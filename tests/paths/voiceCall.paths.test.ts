/**
 * Path coverage of machines/voiceCall.ts at the machine level: the production machine with its voice
 * client replaced by fakes — a callback actor that records the machine's commands and reports call
 * events the way the adapter does, the SDK's start() and stop() as promises the test settles, a
 * controllable microphone — and a SimulatedClock for the call timer.
 *
 * Two runs: the configured widget (every transition of the call), and the unconfigured build, whose
 * machine starts in `unconfigured` and only explains itself.
 */
import { expect } from 'vitest'
import { createActor, fromCallback, SimulatedClock, type EventObject } from 'xstate'
import { callPhase, UNKNOWN_ERROR, voiceCallMachine, type VoiceCallEvent, type VoiceCallInput } from '../../machines/voiceCall'
import { MICROPHONE_MESSAGES } from '../../core/voiceErrors'
import { MicrophoneError } from '../../src/lib/voice/microphone'
import type { VoiceClientCommand } from '../../machines/voiceCall'
import { controllablePromiseActor } from './support/fakes'
import { describeMachinePaths } from './support/machineLevel'
import type { AnySnapshot } from './support/machineModel'
import { CALL_EVENT_TYPES, CALL_STATE_KEYS, CONFIGURED, impossible, UNCONFIGURED, UNCONFIGURED_STATE_KEYS, voiceCallModelOptions } from './voiceCall.model'

function startCall(input: VoiceCallInput) {
  const commands: VoiceClientCommand[] = []
  let sendBack: (event: VoiceCallEvent) => void = () => {
    throw new Error('The voice client is not running.')
  }
  const microphone = controllablePromiseActor<void>()
  const sdkStart = controllablePromiseActor<boolean>()
  const sdkStop = controllablePromiseActor<void>()
  const consentWrites: number[] = []
  const clock = new SimulatedClock()
  const machine = voiceCallMachine.provide({
    actors: {
      voiceClient: fromCallback<VoiceClientCommand>(({ receive, sendBack: send }) => {
        sendBack = send as (event: VoiceCallEvent) => void
        receive((command) => void commands.push(command))
      }),
      requestMicrophone: microphone.logic,
      startCall: sdkStart.logic,
      stopCall: sdkStop.logic,
    },
    actions: {
      rememberConsent: () => void consentWrites.push(sdkStart.calls.length),
    },
  })
  const actor = createActor(machine, { input, clock })
  actor.start()
  return {
    actor,
    clock,
    commands,
    microphone,
    sdkStart,
    sdkStop,
    consentWrites,
    /** What the visitor did and what the call reported, for the checks. */
    agreed: false,
    starts: 0,
    granted: 0,
    commandsAtStart: 0,
    /** The message on screen: the first error of an attempt stays until Retry. */
    expectedError: '',
    /** What the call under way showed, from the visitor's presses and the call's reports since the latest Start. */
    call: { muted: false, speaking: false, volume: 0, visitorSpeaking: false, visitorVolume: 0, transcript: null as VoiceCallEvent | null },
    report: (event: EventObject) => sendBack(event as VoiceCallEvent),
    snapshot: () => actor.getSnapshot() as AnySnapshot,
    context: () => actor.getSnapshot().context,
    stop: () => actor.stop(),
  }
}

type Sut = ReturnType<typeof startCall>

/** An error the visitor sees, unless one is already on screen for this attempt; a blank one reads as the unknown error. */
const showError = (sut: Sut, message: string) => {
  if (!sut.expectedError) sut.expectedError = message.trim() ? message : UNKNOWN_ERROR
}

/** Out of a call nobody is speaking and the meters are still (the Mute button is back to off). */
function expectQuiet(sut: Sut) {
  const c = sut.context()
  expect([c.muted, c.assistantSpeaking, c.volume, c.visitorSpeaking, c.visitorVolume]).toEqual([false, false, 0, false, 0])
}

/** The client's muted flag as the machine last told it since the latest Start (false before any). */
function mutedToldSinceStart(sut: Sut): boolean {
  const last = sut.commands.slice(sut.commandsAtStart).filter((c) => c.type === 'CLIENT.SET_MUTED').at(-1)
  return last?.type === 'CLIENT.SET_MUTED' ? last.muted : false
}

describeMachinePaths('voiceCall', voiceCallMachine, () => startCall(CONFIGURED), {
  ...voiceCallModelOptions,
  // This level also tells apart who is speaking and whether captions are shown, so a path speaks and then stops,
  // and leaves a call (or starts the next) while someone speaks or captions show: what a call leaves behind is checked.
  serializeState: (s: AnySnapshot) => {
    const c = s.context as ReturnType<Sut['context']>
    return JSON.stringify({ value: s.value, consented: c.consented, speaking: [c.assistantSpeaking, c.visitorSpeaking], captions: c.captions.length > 0 })
  },
  // It also meets errors whose message is blank, which must not leave the error box empty.
  samples: {
    ...voiceCallModelOptions.samples,
    'CALL.ERROR': [...voiceCallModelOptions.samples['CALL.ERROR']!, { type: 'CALL.ERROR', message: ' ' }],
    'xstate.error.actor.startCall': [
      ...voiceCallModelOptions.samples['xstate.error.actor.startCall']!,
      { type: 'xstate.error.actor.startCall', error: new Error(' '), actorId: 'startCall' },
    ],
  },
  views: { callPhase },
  input: CONFIGURED,
  events: {
    START: (sut) => {
      sut.starts++
      sut.agreed = true
      sut.expectedError = ''
      sut.commandsAtStart = sut.commands.length
      sut.call = { muted: false, speaking: false, volume: 0, visitorSpeaking: false, visitorVolume: 0, transcript: null }
      sut.actor.send({ type: 'START' })
    },
    PREFETCH: (sut) => sut.actor.send({ type: 'PREFETCH' }),
    // The error box's Close: its message goes.
    DISMISS: (sut) => {
      sut.expectedError = ''
      sut.actor.send({ type: 'DISMISS' })
    },
    END_CALL: (sut) => sut.actor.send({ type: 'END_CALL' }),
    TOGGLE_MUTE: (sut) => {
      sut.call.muted = !sut.call.muted
      sut.actor.send({ type: 'TOGGLE_MUTE' })
    },
    'CALL.LISTENING': (sut, event) => sut.report(event),
    'CALL.ENDED': (sut, event) => sut.report(event),
    'CALL.ERROR': (sut, event) => {
      showError(sut, event.message)
      sut.report(event)
    },
    'CALL.SPEECH_STARTED': (sut, event) => {
      sut.call.speaking = true
      sut.report(event)
    },
    'CALL.SPEECH_ENDED': (sut, event) => {
      sut.call.speaking = false
      sut.report(event)
    },
    'CALL.VOLUME': (sut, event) => {
      sut.call.volume = event.level
      sut.report(event)
    },
    'CALL.VISITOR_SPEECH_STARTED': (sut, event) => {
      sut.call.visitorSpeaking = true
      sut.report(event)
    },
    'CALL.VISITOR_SPEECH_ENDED': (sut, event) => {
      sut.call.visitorSpeaking = false
      sut.report(event)
    },
    'CALL.VISITOR_VOLUME': (sut, event) => {
      sut.call.visitorVolume = event.level
      sut.report(event)
    },
    'CALL.TRANSCRIPT': (sut, event) => {
      sut.call.transcript = event
      sut.report(event)
    },
  },
  internal: {
    advance: (sut, ms) => sut.clock.increment(ms),
    done: {
      requestMicrophone: (sut) => {
        sut.granted++
        sut.microphone.last.settle.resolve()
      },
      startCall: (sut, event) => {
        if (event.output !== true) showError(sut, UNKNOWN_ERROR)
        sut.sdkStart.last.settle.resolve(event.output === true)
      },
      stopCall: (sut) => sut.sdkStop.last.settle.resolve(),
    },
    error: {
      requestMicrophone: (sut) => {
        showError(sut, MICROPHONE_MESSAGES.denied)
        sut.microphone.last.settle.reject(new MicrophoneError(MICROPHONE_MESSAGES.denied))
      },
      startCall: (sut, event) => {
        showError(sut, (event.error as Error).message)
        sut.sdkStart.last.settle.reject(event.error)
      },
      stopCall: (sut) => sut.sdkStop.last.settle.reject(new Error('Daily is already gone')),
    },
  },
  states: {
    ...impossible(UNCONFIGURED_STATE_KEYS, 'the configured widget is never unconfigured'),
    idle: (sut) => {
      const c = sut.context()
      expectQuiet(sut)
      expect(c.consented).toBe(sut.agreed)
      expect(c.errorMessage).toBe('')
      expect(sut.consentWrites).toHaveLength(sut.starts)
      // Nothing of the SDK is left under way.
      expect(sut.sdkStop.calls.length).toBeLessThanOrEqual(sut.sdkStart.calls.length)
    },
    microphone: (sut) => {
      const c = sut.context()
      expect([c.errorMessage, c.muted, c.assistantSpeaking, c.visitorSpeaking, c.captions, c.elapsedSeconds]).toEqual(['', false, false, false, [], 0])
      expect(c.consented).toBe(true)
      // Asked once per Start, and the SDK not started before the microphone is granted.
      expect(sut.microphone.calls).toHaveLength(sut.starts)
      expect(sut.sdkStart.calls).toHaveLength(sut.granted)
    },
    starting: (sut) => {
      // Started exactly once per granted microphone: a second start is never made while one runs.
      expect(sut.sdkStart.calls).toHaveLength(sut.granted)
    },
    'starting.waiting': (sut) => expect(sut.context().errorMessage).toBe(''),
    'starting.heard': (sut) => expect(sut.context().errorMessage).toBe(''),
    'starting.failed': (sut) => {
      // The error is on screen at once; Retry waits for the start to settle.
      expect(sut.context().errorMessage).toBe(sut.expectedError)
      expect(sut.snapshot().can({ type: 'START' })).toBe(false)
    },
    'starting.endDeferred': (sut) => {
      // End waits for the start to settle: nothing is stopped yet.
      expect(sut.sdkStop.calls.length).toBeLessThan(sut.sdkStart.calls.length)
      expect(sut.snapshot().can({ type: 'START' })).toBe(false)
    },
    joined: (sut) => expect(sut.context().errorMessage).toBe(''),
    active: (sut) => {
      const c = sut.context()
      expect(c.muted).toBe(mutedToldSinceStart(sut))
      // The Mute button and both level meters show what the visitor pressed and the call last reported.
      const { call } = sut
      expect([c.muted, c.assistantSpeaking, c.volume, c.visitorSpeaking, c.visitorVolume]).toEqual([call.muted, call.speaking, call.volume, call.visitorSpeaking, call.visitorVolume])
      const { transcript } = sut.call
      if (transcript?.type === 'CALL.TRANSCRIPT') expect(c.captions.at(-1)).toMatchObject({ role: transcript.role, text: transcript.text })
      else expect(c.captions).toEqual([])
      expect(sut.sdkStop.calls.length).toBeLessThan(sut.sdkStart.calls.length)
    },
    'active.counting': (sut) => expect(sut.context().elapsedSeconds).toBeGreaterThanOrEqual(0),
    ending: (sut) => {
      // Stopped once, after its start had settled.
      expect(sut.sdkStop.calls).toHaveLength(sut.sdkStart.calls.length)
      expect([sut.context().muted, sut.context().assistantSpeaking, sut.context().visitorSpeaking]).toEqual([false, false, false])
    },
    error: (sut) => {
      expectQuiet(sut)
      expect(sut.context().errorMessage).toBe(sut.expectedError)
      expect(sut.context().consented).toBe(true)
    },
    'error.hangingUp': (sut) => {
      expect(sut.sdkStop.calls).toHaveLength(sut.sdkStart.calls.length)
      expect(sut.snapshot().can({ type: 'START' })).toBe(false)
    },
    'error.ready': (sut) => {
      expect(sut.snapshot().can({ type: 'START' })).toBe(true)
      expect(sut.snapshot().can({ type: 'DISMISS' })).toBe(true)
    },
  },
})

describeMachinePaths('voiceCall', voiceCallMachine, () => startCall(UNCONFIGURED), {
  ...voiceCallModelOptions,
  views: { callPhase },
  input: UNCONFIGURED,
  label: 'unconfigured build',
  events: {
    START: (sut) => sut.actor.send({ type: 'START' }),
    DISMISS: (sut) => sut.actor.send({ type: 'DISMISS' }),
    ...impossible(CALL_EVENT_TYPES, 'no call can be made in this build'),
  },
  internal: { ...impossible(['advance'], 'no timer runs in this build'), done: {}, error: {} },
  states: {
    unconfigured: (sut) => {
      // Nothing is ever asked of the microphone or the SDK, and nothing is remembered.
      expect(sut.commands).toEqual([])
      expect([sut.microphone.calls, sut.sdkStart.calls, sut.sdkStop.calls, sut.consentWrites]).toEqual([[], [], [], []])
      expect(sut.context().consented).toBe(false)
    },
    'unconfigured.closed': (sut) => expect(sut.snapshot().can({ type: 'START' })).toBe(true),
    'unconfigured.explained': (sut) => expect(sut.snapshot().can({ type: 'DISMISS' })).toBe(true),
    ...impossible(CALL_STATE_KEYS, 'this build never reaches a call state'),
  },
})
