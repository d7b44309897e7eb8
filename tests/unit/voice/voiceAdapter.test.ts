import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { MICROPHONE_MESSAGES, PLATFORM_MESSAGES, NO_CALL_OBJECT, NOT_CONFIGURED, SDK_LOAD_FAILED, UNKNOWN_ERROR, ALREADY_STARTED } from '../../../core/voiceErrors'
import { createActor, setup as setupMachine, type EventObject } from 'xstate'
import { createVoiceAdapter, type VoiceAdapter, type VoiceListener } from '../../../src/lib/voice/voiceAdapter'
import { startCallLogic, voiceClientLogic } from '../../../src/lib/voice/voiceClientActor'
import type { VapiLike } from '../../../src/lib/voice/vapiTypes'

const config = { publicKey: 'pk-test', assistantId: 'assistant-1', baseUrl: 'https://voice.example.com' }

/**
 * A scripted stand-in for @vapi-ai/web's Vapi: a Node EventEmitter (which, like the SDK's,
 * throws on an 'error' nobody listens to), with the SDK's method and event names.
 */
class FakeSdk extends EventEmitter implements VapiLike {
  listenersAtStart: string[][] = []
  inCall = false
  /** What start() does; by default it joins and returns the call. */
  script: (sdk: FakeSdk) => Promise<unknown> = async () => ({ id: 'call-1' })
  start = vi.fn(async (_assistantId: string) => {
    this.listenersAtStart.push(this.eventNames().map(String).sort())
    const call = await this.script(this)
    this.inCall = call !== null
    return call
  })
  stop = vi.fn(async () => {
    const wasInCall = this.inCall
    this.inCall = false
    if (wasInCall) this.emit('call-end')
  })
  setMuted = vi.fn((_mute: boolean) => {
    if (!this.inCall) throw new Error('Call object is not available.')
  })
  isMuted = () => false
}

function recorder() {
  const events: (string | [string, unknown])[] = []
  const listener: VoiceListener = {
    listening: () => events.push('listening'),
    ended: () => events.push('ended'),
    error: (message) => events.push(['error', message]),
    speech: (speaking) => events.push(['speech', speaking]),
    volume: (level) => events.push(['volume', level]),
    visitorSpeech: (speaking) => events.push(['visitorSpeech', speaking]),
    visitorVolume: (level) => events.push(['visitorVolume', level]),
    transcript: (t) => events.push(['transcript', t]),
  }
  return { events, listener, errors: () => events.filter((e): e is [string, string] => Array.isArray(e) && e[0] === 'error').map((e) => e[1]) }
}

function setup(sdk = new FakeSdk(), adapterConfig: typeof config | null = config) {
  const createVapi = vi.fn(async () => sdk)
  const adapter = createVoiceAdapter({ config: adapterConfig, createVapi })
  const rec = recorder()
  adapter.subscribe(rec.listener)
  return { sdk, adapter, createVapi, ...rec }
}

/** The SDK's own failure path: emit 'error', clean up, resolve null. */
const failingStart = (payload: unknown) => async (sdk: FakeSdk) => {
  sdk.emit('error', payload)
  return null
}

/** start() as the machine runs it: joined or not, or a readable rejection. */
const startOutcome = (adapter: VoiceAdapter) =>
  adapter.start().then(
    (joined) => ({ joined }),
    (error: Error) => ({ rejected: error.message }),
  )

describe('voice adapter: a thin translation of the SDK', () => {
  it('creates one SDK instance with the public key and base URL, and starts the fixed assistant', async () => {
    const t = setup()
    expect(await t.adapter.start()).toBe(true)
    expect(t.createVapi).toHaveBeenCalledWith({ publicKey: 'pk-test', baseUrl: 'https://voice.example.com' })
    expect(t.sdk.start).toHaveBeenCalledWith('assistant-1')
    t.sdk.emit('call-start')
    t.sdk.emit('call-end')
    expect(t.events).toEqual(['listening', 'ended'])
    await t.adapter.start()
    expect(t.createVapi).toHaveBeenCalledTimes(1) // one instance per page
  })

  it('attaches its listeners, error ones included, before the first start()', async () => {
    const t = setup()
    await t.adapter.start()
    expect(t.sdk.listenersAtStart[0]).toEqual(
      expect.arrayContaining(['error', 'camera-error', 'call-start-progress', 'call-start', 'call-end', 'message', 'speech-start', 'speech-end', 'volume-level', 'local-volume-level']),
    )
  })

  it('a start that resolves null is not joined; one that throws rejects with readable text', async () => {
    const t = setup()
    t.sdk.script = async () => null
    expect(await startOutcome(t.adapter)).toEqual({ joined: false })
    t.sdk.script = async () => {
      throw new Error('Assistant or Squad or Workflow must be provided.')
    }
    expect(await startOutcome(t.adapter)).toEqual({ rejected: 'Assistant or Squad or Workflow must be provided.' })
    t.sdk.script = async () => {
      throw { error: { statusCode: 401, message: 'Invalid Key' } }
    }
    expect(await startOutcome(t.adapter)).toEqual({ rejected: PLATFORM_MESSAGES.refused })
  })

  it('error payloads: a sentence as it is, nested ones found; raw text, a status or a failed request in words; no text → the unknown error', async () => {
    const t = setup()
    t.sdk.script = failingStart('Assistant or Squad must be provided.')
    await t.adapter.start()
    t.sdk.script = failingStart({ type: 'daily-call-join-error', error: { message: 'Room not found' } })
    await t.adapter.start()
    t.sdk.script = failingStart({ type: 'start-method-error', error: { error: { message: 'Web call creation failed' } } })
    await t.adapter.start()
    t.sdk.script = failingStart({ type: 'start-method-error', error: { message: { message: 'Deeply nested text is a sentence.' } } })
    await t.adapter.start()
    t.sdk.script = failingStart({ type: 'start-method-error', error: { code: 42 } })
    await t.adapter.start()
    t.sdk.script = failingStart({ type: 'start-method-error', error: new TypeError('Failed to fetch') })
    await t.adapter.start()
    t.sdk.script = failingStart({ type: 'start-method-error', error: { message: 'boom', statusCode: 500 } })
    await t.adapter.start()
    t.sdk.script = failingStart({ type: 'start-method-error', error: { message: 'Too Many Requests', statusCode: 429 } })
    await t.adapter.start()
    t.sdk.script = failingStart({ type: 'start-method-error', error: { message: 'Bad Request', statusCode: 400 } })
    await t.adapter.start()
    expect(t.errors()).toEqual([
      'Assistant or Squad must be provided.',
      PLATFORM_MESSAGES.failed,
      PLATFORM_MESSAGES.failed,
      'Deeply nested text is a sentence.',
      UNKNOWN_ERROR,
      PLATFORM_MESSAGES.unreachable,
      PLATFORM_MESSAGES.down,
      PLATFORM_MESSAGES.busy,
      PLATFORM_MESSAGES.failed,
    ])
  })

  it('a 401 body from POST /call/web (as the SDK wraps the failed Response) becomes a readable sentence', async () => {
    const body = { message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.', error: 'Unauthorized', statusCode: 401 }
    const t = setup()
    // serializeError() of the thrown Response: message = its parsed body, plus its own data/error fields.
    t.sdk.script = failingStart({ type: 'start-method-error', stage: 'unknown', error: { message: body, data: null, error: body } })
    await t.adapter.start()
    t.sdk.script = failingStart({ type: 'start-method-error', error: { message: { statusCode: 401, error: 'Unauthorized' } } })
    await t.adapter.start()
    expect(t.errors()).toEqual([PLATFORM_MESSAGES.refused, PLATFORM_MESSAGES.refused])
  })

  it("Daily's \"Meeting has ended\" ejection at the end of a call is a normal end, not an error", async () => {
    const t = setup()
    await t.adapter.start()
    t.sdk.emit('error', { type: 'daily-error', error: { message: { type: 'ejected', msg: 'Meeting has ended' }, errorMsg: 'Meeting has ended' } })
    t.sdk.emit('error', { type: 'daily-error', error: { errorMsg: 'Meeting has ended' } })
    expect(t.events).toEqual(['ended', 'ended'])
  })

  it('a camera-error about permissions gives the microphone message', async () => {
    const t = setup()
    t.sdk.script = async (sdk) => {
      sdk.emit('camera-error', { type: 'camera-error', error: { message: { type: 'permissions', blockedMedia: ['audio'], msg: 'blocked' }, error: { type: 'permissions' } } })
      return null
    }
    await t.adapter.start()
    expect(t.errors()).toEqual([MICROPHONE_MESSAGES.denied])
  })

  it("the SDK's already-started progress is reported as an error; other progress is not", async () => {
    const t = setup()
    t.sdk.script = async (sdk) => {
      sdk.emit('call-start-progress', { stage: 'initialization', status: 'started' })
      sdk.emit('call-start-progress', { stage: 'validation', status: 'failed', metadata: { reason: 'already-started' } })
      return null
    }
    await t.adapter.start()
    expect(t.errors()).toEqual([ALREADY_STARTED])
  })

  it('non-fatal errors (noise cancellation, level observers) leave the call alone', async () => {
    const t = setup()
    await t.adapter.start()
    t.sdk.emit('error', { type: 'audio-processing-setup-error', error: { message: 'KrispInitError: Canceled' } })
    t.sdk.emit('error', { type: 'local-audio-level-observer-error', error: { message: 'AbortError' } })
    expect(t.events).toEqual([])
  })

  it('both speakers: the assistant from speech and volume events, the visitor from speech-update and the local level', async () => {
    const t = setup()
    await t.adapter.start()
    t.sdk.emit('speech-start')
    t.sdk.emit('volume-level', 0.42)
    t.sdk.emit('volume-level', 7)
    t.sdk.emit('message', { type: 'speech-update', status: 'started', role: 'user', turn: 1 })
    t.sdk.emit('local-volume-level', 0.075) // scaled as the SDK scales the assistant's: 1 at 0.15
    t.sdk.emit('local-volume-level', 0.6)
    t.sdk.emit('local-volume-level', Number.NaN)
    t.sdk.emit('message', { type: 'speech-update', status: 'stopped', role: 'user', turn: 1 })
    t.sdk.emit('message', { type: 'speech-update', status: 'started', role: 'assistant', turn: 2 })
    t.sdk.emit('speech-end')
    expect(t.events).toEqual([
      ['speech', true],
      ['volume', 0.42],
      ['volume', 1],
      ['visitorSpeech', true],
      ['visitorVolume', 0.5],
      ['visitorVolume', 1],
      ['visitorVolume', 0],
      ['visitorSpeech', false],
      ['speech', false],
    ])
  })

  it('transcript messages become captions; other messages are not passed on', async () => {
    const t = setup()
    await t.adapter.start()
    t.sdk.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: 'Kia' })
    t.sdk.emit('message', { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'Hello' })
    t.sdk.emit('message', { type: 'status-update', status: 'in-progress' })
    t.sdk.emit('message', 'listening')
    expect(t.events).toEqual([
      ['transcript', { role: 'assistant', text: 'Kia', final: false }],
      ['transcript', { role: 'user', text: 'Hello', final: true }],
    ])
  })

  it('setMuted goes to the SDK, which refuses without a call; before the SDK exists the adapter refuses alike', async () => {
    const t = setup()
    expect(() => t.adapter.setMuted(true)).toThrow(NO_CALL_OBJECT)
    await t.adapter.start()
    t.adapter.setMuted(true)
    expect(t.sdk.setMuted).toHaveBeenCalledWith(true)
    t.sdk.inCall = false
    expect(() => t.adapter.setMuted(false)).toThrow(NO_CALL_OBJECT)
  })

  it('stop() calls the SDK once it exists, and does nothing before', async () => {
    const t = setup()
    await t.adapter.stop()
    expect(t.sdk.stop).not.toHaveBeenCalled()
    await t.adapter.start()
    await t.adapter.stop()
    expect(t.sdk.stop).toHaveBeenCalledTimes(1)
  })

  it('not configured: start rejects with the sentence and never loads the SDK', async () => {
    const t = setup(new FakeSdk(), null)
    expect(await startOutcome(t.adapter)).toEqual({ rejected: NOT_CONFIGURED })
    expect(t.createVapi).not.toHaveBeenCalled()
  })

  it('an SDK that cannot be loaded (offline) says so, and a retry loads it again', async () => {
    const sdk = new FakeSdk()
    const createVapi = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(sdk)
    const adapter = createVoiceAdapter({ config, createVapi })
    expect(await startOutcome(adapter)).toEqual({ rejected: SDK_LOAD_FAILED })
    expect(await startOutcome(adapter)).toEqual({ joined: true })
    expect(createVapi).toHaveBeenCalledTimes(2)
  })
})

describe('the machine’s actors over the adapter', () => {
  it('a start abandoned because the widget is gone hangs up the call it still joins', async () => {
    const t = setup()
    let join!: () => void
    t.sdk.script = () => new Promise((resolve) => (join = () => resolve({ id: 'call-1' })))
    const actor = createActor(startCallLogic(() => t.adapter)).start()
    await vi.waitFor(() => expect(t.sdk.start).toHaveBeenCalled())
    actor.stop()
    join()
    await vi.waitFor(() => expect(t.sdk.stop).toHaveBeenCalledTimes(1))
  })

  it('the client actor reports SDK events as machine events, takes mute commands, and ends any call when it stops', async () => {
    const t = setup()
    const received: EventObject[] = []
    const parent = createActor(
      setupMachine({ actors: { client: voiceClientLogic(() => t.adapter) } }).createMachine({
        invoke: { id: 'client', src: 'client' },
        on: { '*': { actions: ({ event }) => void received.push(event) } },
      }),
    ).start()
    await t.adapter.start()
    t.sdk.emit('call-start')
    t.sdk.emit('message', { type: 'speech-update', status: 'started', role: 'user' })
    t.sdk.emit('error', 'boom')
    parent.getSnapshot().children.client?.send({ type: 'CLIENT.SET_MUTED', muted: true })
    expect(t.sdk.setMuted).toHaveBeenCalledWith(true)
    t.sdk.inCall = false
    parent.getSnapshot().children.client?.send({ type: 'CLIENT.SET_MUTED', muted: false })
    expect(received).toEqual([
      { type: 'CALL.LISTENING' },
      { type: 'CALL.VISITOR_SPEECH_STARTED' },
      { type: 'CALL.ERROR', message: PLATFORM_MESSAGES.failed },
      { type: 'CALL.ERROR', message: NO_CALL_OBJECT },
    ])
    parent.stop()
    await vi.waitFor(() => expect(t.sdk.stop).toHaveBeenCalledTimes(1))
  })
})
