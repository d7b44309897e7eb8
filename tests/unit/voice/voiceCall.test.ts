import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import { voiceCallMachine, UNKNOWN_ERROR, CALL_TICK_MS } from '../../../machines/voiceCall'
import type { VoiceClientCommand } from '../../../machines/voiceCall'

function deferred() {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** The production machine with a recording voice client, a scripted microphone and in-memory consent. */
function setupCall({ configured = true, storedConsent = false } = {}) {
  const commands: VoiceClientCommand['type'][] = []
  const muteCommands: boolean[] = []
  let microphone = deferred()
  const microphoneRequests = vi.fn(() => microphone.promise)
  const consentWrites = vi.fn()
  const clock = new SimulatedClock()
  const machine = voiceCallMachine.provide({
    actors: {
      voiceClient: fromCallback<VoiceClientCommand>(({ receive }) => {
        receive((command) => {
          commands.push(command.type)
          if (command.type === 'CLIENT.SET_MUTED') muteCommands.push(command.muted)
        })
      }),
      requestMicrophone: fromPromise<void>(() => microphoneRequests()),
    },
    actions: {
      restoreConsent: ({ self }) => {
        if (storedConsent) self.send({ type: 'CONSENT_RESTORED' })
      },
      rememberConsent: consentWrites,
    },
  })
  const actor = createActor(machine, { input: { configured }, clock })
  actor.start()
  const state = () => actor.getSnapshot()
  const value = () => state().value
  const flush = () => new Promise((r) => setTimeout(r, 0))
  return {
    actor,
    clock,
    commands,
    muteCommands,
    microphoneRequests,
    consentWrites,
    state,
    value,
    flush,
    grantMicrophone: async () => {
      microphone.resolve()
      await flush()
      microphone = deferred()
    },
    failMicrophone: async (error: unknown) => {
      microphone.reject(error)
      await flush()
      microphone = deferred()
    },
    /** Start → microphone granted → SDK start sent → the assistant is listening. */
    toActive: async () => {
      actor.send({ type: 'START' })
      microphone.resolve()
      await flush()
      microphone = deferred()
      actor.send({ type: 'CALL.LISTENING' })
    },
  }
}

describe('voiceCall machine', () => {
  it('starts idle with no error, not muted, nobody speaking', () => {
    const t = setupCall()
    expect(t.value()).toBe('idle')
    expect(t.state().context).toMatchObject({ errorMessage: '', muted: false, assistantSpeaking: false, volume: 0, captions: [], elapsedSeconds: 0 })
  })

  it('idle → connecting on Start: the microphone is asked within the same event, then the call is started', async () => {
    const t = setupCall()
    t.actor.send({ type: 'START' })
    // Synchronously, inside the click's event: the gesture window is kept.
    expect(t.microphoneRequests).toHaveBeenCalledTimes(1)
    expect(t.value()).toEqual({ connecting: 'microphone' })
    expect(t.commands).toEqual([])
    await t.grantMicrophone()
    expect(t.value()).toEqual({ connecting: 'starting' })
    expect(t.commands).toEqual(['CLIENT.START'])
  })

  it('connecting → active when the call reports it is listening', async () => {
    const t = setupCall()
    await t.toActive()
    expect(t.value()).toEqual({ active: 'counting' })
  })

  it('a second Start while connecting or active does nothing', async () => {
    const t = setupCall()
    t.actor.send({ type: 'START' })
    t.actor.send({ type: 'START' })
    expect(t.microphoneRequests).toHaveBeenCalledTimes(1)
    await t.grantMicrophone()
    t.actor.send({ type: 'START' })
    expect(t.value()).toEqual({ connecting: 'starting' })
    expect(t.commands).toEqual(['CLIENT.START'])
    t.actor.send({ type: 'CALL.LISTENING' })
    t.actor.send({ type: 'START' })
    expect(t.value()).toEqual({ active: 'counting' })
    expect(t.commands).toEqual(['CLIENT.START'])
    expect(t.state().can({ type: 'START' })).toBe(false)
  })

  it('active → ending on End Call (the call is stopped), ending → idle when the call ends', async () => {
    const t = setupCall()
    await t.toActive()
    t.actor.send({ type: 'END_CALL' })
    expect(t.value()).toBe('ending')
    expect(t.commands).toEqual(['CLIENT.START', 'CLIENT.STOP'])
    t.actor.send({ type: 'START' })
    expect(t.value()).toBe('ending')
    t.actor.send({ type: 'CALL.ENDED' })
    expect(t.value()).toBe('idle')
  })

  it('the call ending by itself while active → idle', async () => {
    const t = setupCall()
    await t.toActive()
    t.actor.send({ type: 'CALL.ENDED' })
    expect(t.value()).toBe('idle')
    expect(t.commands).toEqual(['CLIENT.START'])
  })

  describe('End Call while connecting (DESIGN §5: honoured once the start settles)', () => {
    it('while the microphone is asked: back to idle at once, and a later grant starts nothing', async () => {
      const t = setupCall()
      t.actor.send({ type: 'START' })
      t.actor.send({ type: 'END_CALL' })
      expect(t.value()).toBe('idle')
      await t.grantMicrophone()
      expect(t.value()).toBe('idle')
      expect(t.commands).toEqual([])
    })

    it('while the SDK starts: nothing is stopped yet; the start settling with a call → ending (stopped) → idle', async () => {
      const t = setupCall()
      t.actor.send({ type: 'START' })
      await t.grantMicrophone()
      t.actor.send({ type: 'END_CALL' })
      expect(t.value()).toEqual({ connecting: 'endRequested' })
      expect(t.commands).toEqual(['CLIENT.START'])
      // A second End or Start meanwhile changes nothing.
      t.actor.send({ type: 'END_CALL' })
      t.actor.send({ type: 'START' })
      expect(t.value()).toEqual({ connecting: 'endRequested' })
      t.actor.send({ type: 'CALL.START_SETTLED', ok: true })
      expect(t.value()).toBe('ending')
      expect(t.commands).toEqual(['CLIENT.START', 'CLIENT.STOP'])
      t.actor.send({ type: 'CALL.ENDED' })
      expect(t.value()).toBe('idle')
      expect(t.state().context.errorMessage).toBe('')
    })

    it('the assistant listening after End was pressed: the call is stopped, never shown as active', async () => {
      const t = setupCall()
      t.actor.send({ type: 'START' })
      await t.grantMicrophone()
      t.actor.send({ type: 'END_CALL' })
      t.actor.send({ type: 'CALL.LISTENING' })
      expect(t.value()).toBe('ending')
      expect(t.commands).toEqual(['CLIENT.START', 'CLIENT.STOP'])
      t.actor.send({ type: 'CALL.START_SETTLED', ok: true }) // already ending: no second stop
      expect(t.commands).toEqual(['CLIENT.START', 'CLIENT.STOP'])
    })

    it('a start that fails without a call after End: idle, no error to show', async () => {
      const t = setupCall()
      t.actor.send({ type: 'START' })
      await t.grantMicrophone()
      t.actor.send({ type: 'END_CALL' })
      t.actor.send({ type: 'CALL.START_SETTLED', ok: false })
      expect(t.value()).toBe('idle')
      expect(t.state().context.errorMessage).toBe('')
      expect(t.commands).toEqual(['CLIENT.START'])
    })

    it('an error reported after End still shows; the call ending by itself → idle', async () => {
      const failed = setupCall()
      failed.actor.send({ type: 'START' })
      await failed.grantMicrophone()
      failed.actor.send({ type: 'END_CALL' })
      failed.actor.send({ type: 'CALL.ERROR', message: 'Invalid Key' })
      expect(failed.value()).toBe('error')
      expect(failed.state().context.errorMessage).toBe('Invalid Key')

      const ended = setupCall()
      ended.actor.send({ type: 'START' })
      await ended.grantMicrophone()
      ended.actor.send({ type: 'END_CALL' })
      ended.actor.send({ type: 'CALL.ENDED' })
      expect(ended.value()).toBe('idle')
    })
  })

  it('a late end or error of an earlier call, while the microphone is being asked, does not stop this start', async () => {
    const t = setupCall()
    t.actor.send({ type: 'START' })
    t.actor.send({ type: 'CALL.ENDED' })
    t.actor.send({ type: 'CALL.ERROR', message: 'stale' })
    expect(t.value()).toEqual({ connecting: 'microphone' })
    await t.grantMicrophone()
    expect(t.commands).toEqual(['CLIENT.START'])
  })

  it('a start that settles without a call and without an error reports the unknown error', async () => {
    const t = setupCall()
    t.actor.send({ type: 'START' })
    await t.grantMicrophone()
    t.actor.send({ type: 'CALL.START_SETTLED', ok: true })
    expect(t.value()).toEqual({ connecting: 'starting' }) // joined: waits for the assistant to listen
    t.actor.send({ type: 'CALL.START_SETTLED', ok: false })
    expect(t.value()).toBe('error')
    expect(t.state().context.errorMessage).toBe(UNKNOWN_ERROR)
  })

  it('the call ending while connecting → idle', async () => {
    const t = setupCall()
    t.actor.send({ type: 'START' })
    await t.grantMicrophone()
    t.actor.send({ type: 'CALL.ENDED' })
    expect(t.value()).toBe('idle')
  })

  describe('any error → error, with its message or the unknown one', () => {
    it('from connecting (the SDK start)', async () => {
      const t = setupCall()
      t.actor.send({ type: 'START' })
      await t.grantMicrophone()
      t.actor.send({ type: 'CALL.ERROR', message: 'Invalid Key.' })
      expect(t.value()).toBe('error')
      expect(t.state().context.errorMessage).toBe('Invalid Key.')
    })

    it('from connecting (the microphone), with the message that says what to do', async () => {
      const t = setupCall()
      t.actor.send({ type: 'START' })
      await t.failMicrophone(new Error('Microphone access is blocked. Allow it.'))
      expect(t.value()).toBe('error')
      expect(t.state().context.errorMessage).toBe('Microphone access is blocked. Allow it.')
      expect(t.commands).toEqual([])
    })

    it('from connecting (the microphone) with something that is not an Error', async () => {
      const t = setupCall()
      t.actor.send({ type: 'START' })
      await t.failMicrophone('weird')
      expect(t.state().context.errorMessage).toBe(UNKNOWN_ERROR)
    })

    it('from active: the call is stopped', async () => {
      const t = setupCall()
      await t.toActive()
      t.actor.send({ type: 'CALL.ERROR', message: '' })
      expect(t.value()).toBe('error')
      expect(t.state().context.errorMessage).toBe(UNKNOWN_ERROR)
      expect(t.commands).toEqual(['CLIENT.START', 'CLIENT.STOP'])
    })

    it('from ending', async () => {
      const t = setupCall()
      await t.toActive()
      t.actor.send({ type: 'END_CALL' })
      t.actor.send({ type: 'CALL.ERROR', message: 'Daily went away' })
      expect(t.value()).toBe('error')
      expect(t.state().context.errorMessage).toBe('Daily went away')
    })

    it('an error in idle changes nothing', () => {
      const t = setupCall()
      t.actor.send({ type: 'CALL.ERROR', message: 'late' })
      expect(t.value()).toBe('idle')
      expect(t.state().context.errorMessage).toBe('')
    })
  })

  it('error → connecting on Retry: the error text is cleared and a call is started', async () => {
    const t = setupCall()
    t.actor.send({ type: 'START' })
    await t.grantMicrophone()
    t.actor.send({ type: 'CALL.ERROR', message: 'boom' })
    t.actor.send({ type: 'START' })
    expect(t.value()).toEqual({ connecting: 'microphone' })
    expect(t.state().context.errorMessage).toBe('')
    await t.grantMicrophone()
    expect(t.commands).toEqual(['CLIENT.START', 'CLIENT.START'])
  })

  it('mute exists only while active: toggles and tells the client', async () => {
    const t = setupCall()
    expect(t.state().can({ type: 'TOGGLE_MUTE' })).toBe(false)
    t.actor.send({ type: 'TOGGLE_MUTE' })
    t.actor.send({ type: 'START' })
    t.actor.send({ type: 'TOGGLE_MUTE' })
    await t.grantMicrophone()
    t.actor.send({ type: 'TOGGLE_MUTE' })
    expect(t.muteCommands).toEqual([])
    expect(t.state().context.muted).toBe(false)
    t.actor.send({ type: 'CALL.LISTENING' })
    expect(t.state().can({ type: 'TOGGLE_MUTE' })).toBe(true)
    t.actor.send({ type: 'TOGGLE_MUTE' })
    expect(t.state().context.muted).toBe(true)
    t.actor.send({ type: 'TOGGLE_MUTE' })
    expect(t.state().context.muted).toBe(false)
    expect(t.muteCommands).toEqual([true, false])
    t.actor.send({ type: 'TOGGLE_MUTE' })
    t.actor.send({ type: 'END_CALL' })
    expect(t.state().context.muted).toBe(false) // a new call starts unmuted
    t.actor.send({ type: 'TOGGLE_MUTE' })
    expect(t.muteCommands).toEqual([true, false, true])
  })

  it('assistant speaking, volume and captions follow the call while active', async () => {
    const t = setupCall()
    await t.toActive()
    t.actor.send({ type: 'CALL.SPEECH_STARTED' })
    t.actor.send({ type: 'CALL.VOLUME', level: 0.6 })
    expect(t.state().context).toMatchObject({ assistantSpeaking: true, volume: 0.6 })
    t.actor.send({ type: 'CALL.TRANSCRIPT', role: 'assistant', text: 'Kia ora', final: false })
    t.actor.send({ type: 'CALL.TRANSCRIPT', role: 'assistant', text: 'Kia ora, how can I help?', final: true })
    t.actor.send({ type: 'CALL.TRANSCRIPT', role: 'user', text: 'Pricing', final: false })
    expect(t.state().context.captions.map((c) => [c.role, c.text, c.final])).toEqual([
      ['assistant', 'Kia ora, how can I help?', true],
      ['user', 'Pricing', false],
    ])
    t.actor.send({ type: 'CALL.SPEECH_ENDED' })
    expect(t.state().context.assistantSpeaking).toBe(false)
    t.actor.send({ type: 'CALL.SPEECH_STARTED' })
    t.actor.send({ type: 'CALL.ENDED' })
    expect(t.state().context).toMatchObject({ assistantSpeaking: false, volume: 0 })
  })

  it('the call timer ticks every second while active, on the injected clock, and restarts with the next call', async () => {
    const t = setupCall()
    await t.toActive()
    expect(t.state().context.elapsedSeconds).toBe(0)
    t.clock.increment(CALL_TICK_MS - 1)
    expect(t.state().context.elapsedSeconds).toBe(0)
    t.clock.increment(1)
    expect(t.state().context.elapsedSeconds).toBe(1)
    for (let i = 0; i < 64; i++) t.clock.increment(CALL_TICK_MS)
    expect(t.state().context.elapsedSeconds).toBe(65)
    t.actor.send({ type: 'END_CALL' })
    t.clock.increment(CALL_TICK_MS * 5)
    expect(t.state().context.elapsedSeconds).toBe(65)
    t.actor.send({ type: 'CALL.ENDED' })
    await t.toActive()
    expect(t.state().context.elapsedSeconds).toBe(0)
  })

  it('starting agrees to the notice: remembered by a named action; a stored agreement is restored on start', async () => {
    const t = setupCall()
    expect(t.state().context.consented).toBe(false)
    t.actor.send({ type: 'START' })
    expect(t.consentWrites).toHaveBeenCalledTimes(1)
    expect(t.state().context.consented).toBe(true)
    const restored = setupCall({ storedConsent: true })
    expect(restored.state().context.consented).toBe(true)
  })

  it('not configured: unconfigured, and Start does nothing', () => {
    const t = setupCall({ configured: false })
    expect(t.value()).toBe('unconfigured')
    t.actor.send({ type: 'START' })
    expect(t.value()).toBe('unconfigured')
    expect(t.microphoneRequests).not.toHaveBeenCalled()
    expect(t.commands).toEqual([])
  })

  it('PREFETCH asks the client to load the SDK, only before a call', async () => {
    const t = setupCall()
    t.actor.send({ type: 'PREFETCH' })
    expect(t.commands).toEqual(['CLIENT.PREFETCH'])
    await t.toActive()
    t.actor.send({ type: 'PREFETCH' })
    expect(t.commands).toEqual(['CLIENT.PREFETCH', 'CLIENT.START'])
  })
})
