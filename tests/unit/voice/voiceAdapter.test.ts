import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { MICROPHONE_MESSAGES, NO_CALL_OBJECT, NOT_CONFIGURED, SDK_LOAD_FAILED, UNKNOWN_ERROR, ALREADY_STARTED } from '../../../core/voiceErrors'
import { createVoiceAdapter, type VoiceListener } from '../../../src/lib/voice/voiceAdapter'
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
    startSettled: (ok) => events.push(['startSettled', ok]),
    ended: () => events.push('ended'),
    error: (message) => events.push(['error', message]),
    speech: (speaking) => events.push(['speech', speaking]),
    volume: (level) => events.push(['volume', level]),
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

describe('voice adapter over the SDK', () => {
  it('creates one SDK instance with the public key and base URL, and starts the fixed assistant', async () => {
    const t = setup()
    await t.adapter.start()
    expect(t.createVapi).toHaveBeenCalledWith({ publicKey: 'pk-test', baseUrl: 'https://voice.example.com' })
    expect(t.sdk.start).toHaveBeenCalledWith('assistant-1')
    expect(t.events).toEqual([['startSettled', true]])
    t.sdk.emit('call-start')
    expect(t.events.at(-1)).toBe('listening')
    t.sdk.emit('call-end')
    await t.adapter.start()
    expect(t.createVapi).toHaveBeenCalledTimes(1) // one instance per page
  })

  it('attaches error, camera-error and call-start-progress listeners before start()', async () => {
    const t = setup()
    await t.adapter.start()
    expect(t.sdk.listenersAtStart[0]).toEqual(expect.arrayContaining(['error', 'camera-error', 'call-start-progress', 'call-start', 'call-end', 'message', 'speech-start', 'speech-end', 'volume-level']))
  })

  it('an error payload that is a string is shown as is', async () => {
    const t = setup()
    t.sdk.script = failingStart('Assistant or Squad must be provided.')
    await t.adapter.start()
    expect(t.events).toEqual([['error', 'Assistant or Squad must be provided.'], ['startSettled', false]])
  })

  it('an error payload nested as error.message or error.error.message gives its text', async () => {
    const t = setup()
    t.sdk.script = failingStart({ type: 'daily-call-join-error', error: { message: 'Room not found' } })
    await t.adapter.start()
    t.sdk.script = failingStart({ type: 'start-method-error', error: { error: { message: 'Web call creation failed' } } })
    await t.adapter.start()
    t.sdk.script = failingStart({ type: 'start-method-error', error: { message: { message: 'Deeply nested' } } })
    await t.adapter.start()
    expect(t.errors()).toEqual(['Room not found', 'Web call creation failed', 'Deeply nested'])
  })

  it('an object without readable text falls back to the unknown error', async () => {
    const t = setup()
    t.sdk.script = failingStart({ type: 'start-method-error', error: { code: 42 } })
    await t.adapter.start()
    expect(t.errors()).toEqual([UNKNOWN_ERROR])
  })

  it("a 401 body from POST /call/web (as the SDK wraps the failed Response) becomes a readable sentence", async () => {
    const body = { message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.', error: 'Unauthorized', statusCode: 401 }
    const t = setup()
    // serializeError() of the thrown Response: message = its parsed body, plus its own data/error fields.
    t.sdk.script = failingStart({ type: 'start-method-error', stage: 'unknown', error: { message: body, data: null, error: body } })
    await t.adapter.start()
    t.sdk.script = failingStart({ type: 'start-method-error', error: { message: { statusCode: 401, error: 'Unauthorized' } } })
    await t.adapter.start()
    expect(t.errors()).toEqual([
      "The voice assistant refused this site's key (Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.). Please try again later.",
      "The voice assistant refused this site's key. Please try again later.",
    ])
  })

  it('a start that resolves null without any error event settles as failed, with no message of its own', async () => {
    // The machine turns an undescribed failure into 'An unknown error occurred.' (or a quiet end after End).
    const t = setup()
    t.sdk.script = async () => null
    await t.adapter.start()
    expect(t.events).toEqual([['startSettled', false]])
  })

  it('a start() that throws is reported with its message', async () => {
    const t = setup()
    t.sdk.script = async () => {
      throw new Error('Assistant or Squad or Workflow must be provided.')
    }
    await t.adapter.start()
    expect(t.errors()).toEqual(['Assistant or Squad or Workflow must be provided.'])
  })

  it("Daily's \"Meeting has ended\" ejection at the end of a call is a normal end, not an error", async () => {
    const t = setup()
    await t.adapter.start()
    t.sdk.emit('call-start')
    t.sdk.emit('error', { type: 'daily-error', error: { message: { type: 'ejected', msg: 'Meeting has ended' }, errorMsg: 'Meeting has ended' } })
    t.sdk.emit('call-end')
    expect(t.errors()).toEqual([])
    expect(t.events).toContain('ended')
    // ...in either order
    const u = setup()
    await u.adapter.start()
    u.sdk.emit('call-end')
    u.sdk.emit('error', { type: 'daily-error', error: { errorMsg: 'Meeting has ended' } })
    expect(u.errors()).toEqual([])
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

  it('no setMuted without a call: the adapter refuses with the SDK’s message and never calls the SDK', async () => {
    const t = setup()
    expect(() => t.adapter.setMuted(true)).toThrow(NO_CALL_OBJECT)
    await t.adapter.start()
    t.adapter.setMuted(true)
    expect(t.sdk.setMuted).toHaveBeenCalledWith(true)
    t.sdk.emit('call-end')
    expect(() => t.adapter.setMuted(false)).toThrow(NO_CALL_OBJECT)
    expect(t.sdk.setMuted).toHaveBeenCalledTimes(1)
  })

  it('a stop while the SDK is starting waits for the start to settle, then stops the call', async () => {
    const t = setup()
    let join!: () => void
    t.sdk.script = () => new Promise((resolve) => (join = () => resolve({ id: 'call-1' })))
    const starting = t.adapter.start()
    await vi.waitFor(() => expect(t.sdk.start).toHaveBeenCalled())
    await t.adapter.stop()
    expect(t.sdk.stop).not.toHaveBeenCalled()
    join()
    await starting
    expect(t.sdk.stop).toHaveBeenCalledTimes(1)
    expect(t.events).toEqual([['startSettled', true], ['speech', false], 'ended'])
  })

  it('a stop with no call under way does nothing; a stop before joining still reports the end', async () => {
    const t = setup()
    await t.adapter.stop()
    expect(t.sdk.stop).not.toHaveBeenCalled()
    await t.adapter.start()
    t.sdk.stop.mockImplementationOnce(async () => {}) // Daily destroyed without a left-meeting
    await t.adapter.stop()
    expect(t.events.at(-1)).toBe('ended')
  })

  it('a second start while one is under way does nothing', async () => {
    const t = setup()
    let join!: () => void
    t.sdk.script = () => new Promise((resolve) => (join = () => resolve({ id: 'call-1' })))
    const first = t.adapter.start()
    await t.adapter.start()
    await vi.waitFor(() => expect(t.sdk.start).toHaveBeenCalled())
    join()
    await first
    await t.adapter.start()
    expect(t.sdk.start).toHaveBeenCalledTimes(1)
  })

  it("the SDK's already-started progress is reported as an error", async () => {
    const t = setup()
    t.sdk.script = async (sdk) => {
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
    expect(t.errors()).toEqual([])
  })

  it('speech, volume and transcript messages are passed on; other messages are not', async () => {
    const t = setup()
    await t.adapter.start()
    t.sdk.emit('speech-start')
    t.sdk.emit('volume-level', 0.42)
    t.sdk.emit('volume-level', 7)
    t.sdk.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: 'Kia' })
    t.sdk.emit('message', { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'Hello' })
    t.sdk.emit('message', { type: 'status-update', status: 'in-progress' })
    t.sdk.emit('speech-end')
    expect(t.events.slice(1)).toEqual([
      ['speech', true],
      ['volume', 0.42],
      ['volume', 1],
      ['transcript', { role: 'assistant', text: 'Kia', final: false }],
      ['transcript', { role: 'user', text: 'Hello', final: true }],
      ['speech', false],
    ])
  })

  it('not configured: start reports it and never loads the SDK', async () => {
    const t = setup(new FakeSdk(), null)
    await t.adapter.start()
    expect(t.errors()).toEqual([NOT_CONFIGURED])
    expect(t.createVapi).not.toHaveBeenCalled()
  })

  it('an SDK that cannot be loaded (offline) says so, and a retry loads it again', async () => {
    const sdk = new FakeSdk()
    const createVapi = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(sdk)
    const adapter = createVoiceAdapter({ config, createVapi })
    const rec = recorder()
    adapter.subscribe(rec.listener)
    await adapter.start()
    expect(rec.errors()).toEqual([SDK_LOAD_FAILED])
    await adapter.start()
    expect(sdk.start).toHaveBeenCalledTimes(1)
  })
})
