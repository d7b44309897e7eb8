import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, SimulatedClock } from 'xstate'
import { voiceCallMachine, UNKNOWN_ERROR, CALL_TICK_MS } from '../../../machines/voiceCall'
import type { VoiceClientCommand, VoiceCallEvent } from '../../../machines/voiceCall'
import { controllablePromiseActor, flush } from '../../paths/support/fakes'

/**
 * The production machine with a recording voice client, the SDK's start() and stop() as promises the
 * test settles, a scripted microphone and in-memory consent.
 */
function setupCall({ configured = true, consented = false } = {}) {
  const commands: VoiceClientCommand[] = []
  let report: (event: VoiceCallEvent) => void = () => {}
  const microphone = controllablePromiseActor<void>()
  const sdkStart = controllablePromiseActor<boolean>()
  const sdkStop = controllablePromiseActor<void>()
  const consentWrites = vi.fn()
  const clock = new SimulatedClock()
  const machine = voiceCallMachine.provide({
    actors: {
      voiceClient: fromCallback<VoiceClientCommand>(({ receive, sendBack }) => {
        report = sendBack as typeof report
        receive((command) => void commands.push(command))
      }),
      requestMicrophone: microphone.logic,
      startCall: sdkStart.logic,
      stopCall: sdkStop.logic,
    },
    actions: { rememberConsent: consentWrites },
  })
  const actor = createActor(machine, { input: { configured, consented }, clock })
  actor.start()
  const state = () => actor.getSnapshot()
  const t = {
    actor,
    clock,
    commands,
    microphone,
    sdkStart,
    sdkStop,
    consentWrites,
    state,
    value: () => state().value,
    report: (event: VoiceCallEvent) => report(event),
    async grantMicrophone() {
      microphone.last.settle.resolve()
      await flush()
    },
    async settleStart(joined: boolean) {
      sdkStart.last.settle.resolve(joined)
      await flush()
    },
    async settleStop() {
      sdkStop.last.settle.resolve()
      await flush()
    },
    /** Start → microphone granted → the SDK joined → the assistant is listening. */
    async toActive() {
      actor.send({ type: 'START' })
      await t.grantMicrophone()
      await t.settleStart(true)
      t.report({ type: 'CALL.LISTENING' })
    },
  }
  return t
}

describe('voiceCall machine', () => {
  it('starts idle with no error, not muted, nobody speaking; consent comes from its input', () => {
    const t = setupCall()
    expect(t.value()).toBe('idle')
    expect(t.state().context).toMatchObject({
      consented: false,
      errorMessage: '',
      muted: false,
      assistantSpeaking: false,
      visitorSpeaking: false,
      volume: 0,
      visitorVolume: 0,
      captions: [],
      elapsedSeconds: 0,
    })
    expect(setupCall({ consented: true }).state().context.consented).toBe(true)
  })

  it('idle → microphone on Start (asked within the same event), then the SDK starts once', async () => {
    const t = setupCall()
    t.actor.send({ type: 'START' })
    // Synchronously, inside the click's event: the gesture window is kept.
    expect(t.microphone.calls).toHaveLength(1)
    expect(t.value()).toBe('microphone')
    expect(t.sdkStart.calls).toHaveLength(0)
    expect(t.consentWrites).toHaveBeenCalledTimes(1)
    expect(t.state().context.consented).toBe(true)
    await t.grantMicrophone()
    expect(t.value()).toEqual({ starting: 'waiting' })
    expect(t.sdkStart.calls).toHaveLength(1)
  })

  it('joined, then active when the assistant listens; a second Start meanwhile does nothing', async () => {
    const t = setupCall()
    t.actor.send({ type: 'START' })
    t.actor.send({ type: 'START' })
    await t.grantMicrophone()
    t.actor.send({ type: 'START' })
    await t.settleStart(true)
    expect(t.value()).toBe('joined')
    t.actor.send({ type: 'START' })
    t.report({ type: 'CALL.LISTENING' })
    expect(t.value()).toEqual({ active: 'counting' })
    expect([t.microphone.calls.length, t.sdkStart.calls.length]).toEqual([1, 1])
    expect(t.state().can({ type: 'START' })).toBe(false)
  })

  it('the assistant listening before start() returned: active as soon as it does', async () => {
    const t = setupCall()
    t.actor.send({ type: 'START' })
    await t.grantMicrophone()
    t.report({ type: 'CALL.LISTENING' })
    expect(t.value()).toEqual({ starting: 'heard' })
    await t.settleStart(true)
    expect(t.value()).toEqual({ active: 'counting' })
  })

  it('active → ending on End Call (stop() runs), → idle once stop() settles; nothing starts meanwhile', async () => {
    const t = setupCall()
    await t.toActive()
    t.actor.send({ type: 'END_CALL' })
    expect(t.value()).toBe('ending')
    expect(t.sdkStop.calls).toHaveLength(1)
    t.actor.send({ type: 'START' })
    t.report({ type: 'CALL.ENDED' }) // the SDK's call-end comes during stop()
    expect(t.value()).toBe('ending')
    await t.settleStop()
    expect(t.value()).toBe('idle')
  })

  it('the call ending by itself while active → idle, nothing to stop', async () => {
    const t = setupCall()
    await t.toActive()
    t.report({ type: 'CALL.ENDED' })
    expect(t.value()).toBe('idle')
    expect(t.sdkStop.calls).toHaveLength(0)
  })

  describe('End Call while connecting (docs/design.md#voice: stop() does not cancel a start)', () => {
    it('while the microphone is asked: back to idle at once, and a late grant starts nothing', async () => {
      const t = setupCall()
      t.actor.send({ type: 'START' })
      t.actor.send({ type: 'END_CALL' })
      expect(t.value()).toBe('idle')
      await t.grantMicrophone()
      expect(t.value()).toBe('idle')
      expect(t.sdkStart.calls).toHaveLength(0)
    })

    it('while the SDK starts: deferred; a start that joins is then stopped, one that does not is just dropped', async () => {
      const joined = setupCall()
      joined.actor.send({ type: 'START' })
      await joined.grantMicrophone()
      joined.actor.send({ type: 'END_CALL' })
      expect(joined.value()).toEqual({ starting: 'endDeferred' })
      joined.actor.send({ type: 'START' })
      joined.report({ type: 'CALL.LISTENING' })
      expect(joined.sdkStop.calls).toHaveLength(0)
      await joined.settleStart(true)
      expect(joined.value()).toBe('ending')
      expect(joined.sdkStop.calls).toHaveLength(1)
      await joined.settleStop()
      expect(joined.value()).toBe('idle')
      expect(joined.state().context.errorMessage).toBe('')

      const dropped = setupCall()
      dropped.actor.send({ type: 'START' })
      await dropped.grantMicrophone()
      dropped.actor.send({ type: 'END_CALL' })
      await dropped.settleStart(false)
      expect(dropped.value()).toBe('idle')
      expect(dropped.state().context.errorMessage).toBe('')
      expect(dropped.sdkStop.calls).toHaveLength(0)
    })

    it('the call ending while the SDK starts is handled the same way', async () => {
      const t = setupCall()
      t.actor.send({ type: 'START' })
      await t.grantMicrophone()
      t.report({ type: 'CALL.ENDED' })
      expect(t.value()).toEqual({ starting: 'endDeferred' })
      await t.settleStart(false)
      expect(t.value()).toBe('idle')
    })
  })

  it('a late end or error of an earlier call, while the microphone is being asked, does not stop this start', async () => {
    const t = setupCall()
    t.actor.send({ type: 'START' })
    t.report({ type: 'CALL.ENDED' })
    t.report({ type: 'CALL.ERROR', message: 'stale' })
    expect(t.value()).toBe('microphone')
    await t.grantMicrophone()
    expect(t.sdkStart.calls).toHaveLength(1)
  })

  describe('errors: shown at once, Retry once nothing is left under way', () => {
    it('an error while the SDK starts shows at once; Retry waits for the start to settle', async () => {
      const t = setupCall()
      t.actor.send({ type: 'START' })
      await t.grantMicrophone()
      t.report({ type: 'CALL.ERROR', message: 'Invalid Key.' })
      expect(t.value()).toEqual({ starting: 'failed' })
      expect(t.state().context.errorMessage).toBe('Invalid Key.')
      expect(t.state().can({ type: 'START' })).toBe(false)
      await t.settleStart(false)
      expect(t.value()).toEqual({ error: 'ready' })
      expect(t.state().context.errorMessage).toBe('Invalid Key.') // not replaced by the unknown error
      t.actor.send({ type: 'START' })
      expect(t.value()).toBe('microphone')
      expect(t.state().context.errorMessage).toBe('')
    })

    it('a start that joined despite the error is hung up before Retry', async () => {
      const t = setupCall()
      t.actor.send({ type: 'START' })
      await t.grantMicrophone()
      t.report({ type: 'CALL.ERROR', message: 'Camera in use' })
      await t.settleStart(true)
      expect(t.value()).toEqual({ error: 'hangingUp' })
      expect(t.sdkStop.calls).toHaveLength(1)
      await t.settleStop()
      expect(t.value()).toEqual({ error: 'ready' })
    })

    it('a start that settles without a call and without an error reports the unknown error', async () => {
      const t = setupCall()
      t.actor.send({ type: 'START' })
      await t.grantMicrophone()
      await t.settleStart(false)
      expect(t.value()).toEqual({ error: 'ready' })
      expect(t.state().context.errorMessage).toBe(UNKNOWN_ERROR)
    })

    it('a start() that throws shows its message', async () => {
      const t = setupCall()
      t.actor.send({ type: 'START' })
      await t.grantMicrophone()
      t.sdkStart.last.settle.reject(new Error('The voice assistant could not be loaded.'))
      await flush()
      expect(t.state().context.errorMessage).toBe('The voice assistant could not be loaded.')
    })

    it('the microphone refused: its message, which says what to do; something not an Error: the unknown one', async () => {
      const t = setupCall()
      t.actor.send({ type: 'START' })
      t.microphone.last.settle.reject(new Error('Microphone access is blocked. Allow it.'))
      await flush()
      expect(t.value()).toEqual({ error: 'ready' })
      expect(t.state().context.errorMessage).toBe('Microphone access is blocked. Allow it.')
      expect(t.sdkStart.calls).toHaveLength(0)
      t.actor.send({ type: 'START' })
      t.microphone.last.settle.reject('weird')
      await flush()
      expect(t.state().context.errorMessage).toBe(UNKNOWN_ERROR)
    })

    it('an error during a call (empty text: the unknown one) hangs up, then offers Retry', async () => {
      const t = setupCall()
      await t.toActive()
      t.report({ type: 'CALL.ERROR', message: '' })
      expect(t.value()).toEqual({ error: 'hangingUp' })
      expect(t.state().context.errorMessage).toBe(UNKNOWN_ERROR)
      expect(t.sdkStop.calls).toHaveLength(1)
      t.sdkStop.last.settle.reject(new Error('Daily is gone')) // a failed stop leaves no call either
      await flush()
      expect(t.value()).toEqual({ error: 'ready' })
    })

    it('an error while ending or idle changes nothing', async () => {
      const t = setupCall()
      t.report({ type: 'CALL.ERROR', message: 'late' })
      expect(t.value()).toBe('idle')
      await t.toActive()
      t.actor.send({ type: 'END_CALL' })
      t.report({ type: 'CALL.ERROR', message: 'Daily went away' })
      expect(t.value()).toBe('ending')
      expect(t.state().context.errorMessage).toBe('')
    })
  })

  it('mute exists only while active: toggles and tells the client; a new call starts unmuted', async () => {
    const t = setupCall()
    const muteCommands = () => t.commands.flatMap((c) => (c.type === 'CLIENT.SET_MUTED' ? [c.muted] : []))
    expect(t.state().can({ type: 'TOGGLE_MUTE' })).toBe(false)
    t.actor.send({ type: 'START' })
    t.actor.send({ type: 'TOGGLE_MUTE' })
    await t.grantMicrophone()
    await t.settleStart(true)
    t.actor.send({ type: 'TOGGLE_MUTE' })
    expect(muteCommands()).toEqual([])
    t.report({ type: 'CALL.LISTENING' })
    t.actor.send({ type: 'TOGGLE_MUTE' })
    expect(t.state().context.muted).toBe(true)
    t.actor.send({ type: 'TOGGLE_MUTE' })
    t.actor.send({ type: 'TOGGLE_MUTE' })
    expect(muteCommands()).toEqual([true, false, true])
    t.actor.send({ type: 'END_CALL' })
    expect(t.state().context.muted).toBe(false)
  })

  it('both speakers, their levels and the captions follow the call while active, and go quiet after', async () => {
    const t = setupCall()
    await t.toActive()
    t.report({ type: 'CALL.SPEECH_STARTED' })
    t.report({ type: 'CALL.VOLUME', level: 0.6 })
    t.report({ type: 'CALL.VISITOR_SPEECH_STARTED' })
    t.report({ type: 'CALL.VISITOR_VOLUME', level: 0.3 })
    expect(t.state().context).toMatchObject({ assistantSpeaking: true, volume: 0.6, visitorSpeaking: true, visitorVolume: 0.3 })
    t.report({ type: 'CALL.TRANSCRIPT', role: 'assistant', text: 'Kia ora', final: false })
    t.report({ type: 'CALL.TRANSCRIPT', role: 'assistant', text: 'Kia ora, how can I help?', final: true })
    t.report({ type: 'CALL.TRANSCRIPT', role: 'user', text: 'Pricing', final: false })
    expect(t.state().context.captions.map((c) => [c.role, c.text, c.final])).toEqual([
      ['assistant', 'Kia ora, how can I help?', true],
      ['user', 'Pricing', false],
    ])
    t.report({ type: 'CALL.SPEECH_ENDED' })
    t.report({ type: 'CALL.VISITOR_SPEECH_ENDED' })
    expect(t.state().context).toMatchObject({ assistantSpeaking: false, visitorSpeaking: false })
    t.report({ type: 'CALL.SPEECH_STARTED' })
    t.report({ type: 'CALL.VISITOR_SPEECH_STARTED' })
    t.report({ type: 'CALL.ENDED' })
    expect(t.state().context).toMatchObject({ assistantSpeaking: false, volume: 0, visitorSpeaking: false, visitorVolume: 0 })
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
    await t.settleStop()
    await t.toActive()
    expect(t.state().context.elapsedSeconds).toBe(0)
  })

  it('not configured: the button explains and can be dismissed; nothing is asked of the microphone or the SDK', () => {
    const t = setupCall({ configured: false })
    expect(t.value()).toEqual({ unconfigured: 'closed' })
    t.actor.send({ type: 'START' })
    expect(t.value()).toEqual({ unconfigured: 'explained' })
    for (const type of ['START', 'PREFETCH', 'END_CALL', 'TOGGLE_MUTE'] as const) t.actor.send({ type })
    expect(t.value()).toEqual({ unconfigured: 'explained' })
    t.actor.send({ type: 'DISMISS' })
    expect(t.value()).toEqual({ unconfigured: 'closed' })
    expect([t.microphone.calls, t.sdkStart.calls, t.commands]).toEqual([[], [], []])
    expect(t.consentWrites).not.toHaveBeenCalled()
  })

  it('PREFETCH asks the client to load the SDK, only when a call can start', async () => {
    const t = setupCall()
    t.actor.send({ type: 'PREFETCH' })
    expect(t.commands).toEqual([{ type: 'CLIENT.PREFETCH' }])
    await t.toActive()
    t.actor.send({ type: 'PREFETCH' })
    expect(t.commands).toEqual([{ type: 'CLIENT.PREFETCH' }])
  })
})
