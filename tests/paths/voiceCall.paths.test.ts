/**
 * Path coverage of machines/voiceCall.ts at the machine level: the production machine with its voice
 * client replaced by a scripted fake (it records the machine's commands and reports call events the
 * way the adapter does), a controllable microphone and a SimulatedClock for the call timer.
 *
 * Two starts: the configured widget (every transition), and the unconfigured build, whose machine
 * starts in `unconfigured` and takes no transition (its one path is the initial state, run by hand).
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock, type EventObject } from 'xstate'
import { UNKNOWN_ERROR, voiceCallMachine, type VoiceCallEvent } from '../../machines/voiceCall'
import { MICROPHONE_MESSAGES } from '../../core/voiceErrors'
import { MicrophoneError } from '../../src/lib/voice/microphone'
import type { VoiceClientCommand } from '../../machines/voiceCall'
import { controllablePromiseActor, flush } from './support/fakes'
import { describeMachinePaths } from './support/machineLevel'
import { createMachineModel, walkedBy, type AnySnapshot } from './support/machineModel'
import { writePathResult } from './support/report'
import { voiceCallModelOptions } from './voiceCall.model'

function startCall(configured: boolean) {
  const commands: VoiceClientCommand[] = []
  let sendBack: (event: VoiceCallEvent) => void = () => {
    throw new Error('The voice client is not running.')
  }
  const microphone = controllablePromiseActor<void>()
  const consentWrites: number[] = []
  const clock = new SimulatedClock()
  const machine = voiceCallMachine.provide({
    actors: {
      voiceClient: fromCallback<VoiceClientCommand>(({ receive, sendBack: send }) => {
        sendBack = send as (event: VoiceCallEvent) => void
        receive((command) => void commands.push(command))
      }),
      requestMicrophone: microphone.logic,
    },
    actions: {
      restoreConsent: () => {}, // a first visit: nothing stored
      rememberConsent: () => void consentWrites.push(commands.length),
    },
  })
  const actor = createActor(machine, { input: { configured }, clock })
  actor.start()
  const sut = {
    actor,
    clock,
    commands,
    microphone,
    consentWrites,
    /** What the visitor did and what the call reported, for the checks. */
    agreed: false,
    starts: 0,
    granted: 0,
    expectedError: '',
    report: (event: VoiceCallEvent) => sendBack(event),
    snapshot: () => actor.getSnapshot() as AnySnapshot,
    context: () => actor.getSnapshot().context,
    count: (type: VoiceClientCommand['type']) => commands.filter((c) => c.type === type).length,
    stop: () => actor.stop(),
  }
  return sut
}

type Sut = ReturnType<typeof startCall>

/** The client's muted flag as the machine last told it since the latest start (false before any). */
function mutedToldSinceStart(sut: Sut): boolean {
  const sinceStart = sut.commands.slice(sut.commands.map((c) => c.type).lastIndexOf('CLIENT.START'))
  const last = sinceStart.filter((c) => c.type === 'CLIENT.SET_MUTED').at(-1)
  return last?.type === 'CLIENT.SET_MUTED' ? last.muted : false
}

const report = (sut: Sut, event: EventObject) => sut.report(event as VoiceCallEvent)

describeMachinePaths('voiceCall', voiceCallMachine, () => startCall(true), {
  ...voiceCallModelOptions,
  input: { configured: true },
  events: {
    START: (sut) => {
      sut.starts++
      sut.agreed = true
      sut.actor.send({ type: 'START' })
    },
    PREFETCH: (sut) => sut.actor.send({ type: 'PREFETCH' }),
    CONSENT_RESTORED: (sut) => {
      sut.agreed = true
      sut.actor.send({ type: 'CONSENT_RESTORED' })
    },
    END_CALL: (sut) => sut.actor.send({ type: 'END_CALL' }),
    TOGGLE_MUTE: (sut) => sut.actor.send({ type: 'TOGGLE_MUTE' }),
    'CALL.LISTENING': (sut, event) => report(sut, event),
    'CALL.START_SETTLED': (sut, event) => {
      if (!event.ok) sut.expectedError = UNKNOWN_ERROR
      report(sut, event)
    },
    'CALL.ENDED': (sut, event) => report(sut, event),
    'CALL.ERROR': (sut, event) => {
      sut.expectedError = event.message
      report(sut, event)
    },
    'CALL.SPEECH_STARTED': (sut, event) => report(sut, event),
    'CALL.SPEECH_ENDED': (sut, event) => report(sut, event),
    'CALL.VOLUME': (sut, event) => report(sut, event),
    'CALL.TRANSCRIPT': (sut, event) => report(sut, event),
  },
  internal: {
    advance: (sut, ms) => sut.clock.increment(ms),
    done: {
      requestMicrophone: (sut) => {
        sut.granted++
        sut.microphone.last.settle.resolve()
      },
    },
    error: {
      requestMicrophone: (sut) => {
        sut.expectedError = MICROPHONE_MESSAGES.denied
        sut.microphone.last.settle.reject(new MicrophoneError(MICROPHONE_MESSAGES.denied))
      },
    },
  },
  states: {
    unconfigured: () => {
      throw new Error('The configured widget never reaches unconfigured.')
    },
    idle: (sut) => {
      const c = sut.context()
      expect(c.consented).toBe(sut.agreed)
      expect(c.errorMessage).toBe('')
      expect(sut.consentWrites).toHaveLength(sut.starts)
    },
    connecting: (sut) => {
      const c = sut.context()
      expect(c.errorMessage).toBe('')
      expect([c.muted, c.assistantSpeaking, c.captions, c.elapsedSeconds]).toEqual([false, false, [], 0])
      expect(c.consented).toBe(true)
    },
    'connecting.microphone': (sut) => {
      // Asked once per Start, and the SDK not started before the microphone is granted.
      expect(sut.microphone.calls).toHaveLength(sut.starts)
      expect(sut.count('CLIENT.START')).toBe(sut.granted)
    },
    'connecting.starting': (sut) => {
      expect(sut.count('CLIENT.START')).toBe(sut.granted)
      expect(sut.commands.at(-1)?.type).toBe('CLIENT.START')
    },
    'connecting.endRequested': (sut) => {
      // End waits for the start to settle: the client is not told to stop yet.
      expect(sut.commands.at(-1)?.type).toBe('CLIENT.START')
      expect(sut.count('CLIENT.START')).toBe(sut.granted)
    },
    active: (sut) => {
      expect(sut.context().muted).toBe(mutedToldSinceStart(sut))
      expect(sut.commands.at(-1)?.type).not.toBe('CLIENT.STOP')
    },
    'active.counting': (sut) => expect(sut.context().elapsedSeconds).toBeGreaterThanOrEqual(0),
    ending: (sut) => {
      expect(sut.commands.at(-1)?.type).toBe('CLIENT.STOP')
      expect([sut.context().muted, sut.context().assistantSpeaking]).toEqual([false, false])
    },
    error: (sut) => {
      expect(sut.context().errorMessage).toBe(sut.expectedError)
      expect(sut.context().consented).toBe(true)
    },
  },
})

describe('voiceCall: machine paths (unconfigured build)', () => {
  const [path] = createMachineModel(voiceCallMachine, { ...voiceCallModelOptions, input: { configured: false } }).getShortestPaths() as unknown as [
    { steps: Array<{ state: AnySnapshot; event: EventObject }>; state: AnySnapshot; weight: number },
  ]
  it('no voice settings: unconfigured, and nothing is ever sent to the voice client', async () => {
    expect(path.steps).toHaveLength(1)
    const sut = startCall(false)
    try {
      expect(sut.snapshot().value).toBe('unconfigured')
      expect(sut.snapshot().value).toEqual(path.state.value)
      // What the view could still send changes nothing.
      for (const type of ['START', 'PREFETCH', 'END_CALL', 'TOGGLE_MUTE'] as const) sut.actor.send({ type })
      await flush()
      expect(sut.snapshot().value).toBe('unconfigured')
      expect(sut.commands).toEqual([])
      expect(sut.microphone.calls).toEqual([])
      writePathResult({ machine: 'voiceCall', level: 'machine', title: 'unconfigured build: initial state', ...walkedBy(voiceCallMachine, [path as never]) })
    } finally {
      sut.stop()
    }
  })
})
