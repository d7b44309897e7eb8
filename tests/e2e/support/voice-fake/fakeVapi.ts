/**
 * TEST ONLY. A scripted stand-in for @vapi-ai/web, swapped in by the e2e-voice build
 * (E2E_VOICE_FAKE=1: tests/e2e/serve.ts builds with ./vite.config.ts). The test drives it with window events and reads its log.
 */
export const VOICE_FAKE_MARKER = 'voice-fake-scripted-sdk'
export const VOICE_FAKE_COMMAND = 'voice-fake:command'

export type VoiceFakeCommand =
  | { type: 'listening' }
  | { type: 'speech-start' }
  | { type: 'speech-end' }
  | { type: 'volume'; level: number }
  /** The visitor's side: the platform's speech-update message for the user, and the microphone's level. */
  | { type: 'user-speech'; status: 'started' | 'stopped' }
  | { type: 'local-volume'; level: number }
  | { type: 'transcript'; role: 'assistant' | 'user'; transcriptType: 'partial' | 'final'; transcript: string }
  | { type: 'finish-stop' }
  | { type: 'call-end' }
  | { type: 'error'; payload: unknown }
  /** Settles a held start() (see VoiceFakeLog.holdStart): with a call, with null as a failed start, or throwing `error`. */
  | { type: 'settle-start'; ok: boolean; error?: string }
  /** The held stop() fails (Daily already gone). */
  | { type: 'fail-stop' }

export interface VoiceFakeLog {
  marker: string
  constructed: { apiToken: string; apiBaseUrl: string | undefined; dailyConfig: unknown }[]
  listenersAtStart: string[][]
  calls: string[]
  /** Set by a test before the page loads: start() then waits for a settle-start command. */
  holdStart?: boolean
  /** A start() or stop() waiting for the test (settle-start, finish-stop). */
  pendingStart?: boolean
  pendingStop?: boolean
}

type Listener = (...args: unknown[]) => void

declare global {
  interface Window {
    __voiceFake?: VoiceFakeLog
  }
}

function log(): VoiceFakeLog {
  window.__voiceFake ??= { marker: VOICE_FAKE_MARKER, constructed: [], listenersAtStart: [], calls: [] }
  return window.__voiceFake
}

export default class FakeVapi {
  private listeners = new Map<string, Set<Listener>>()
  private inCall = false
  private muted = false
  private pendingStop: ((ok: boolean) => void) | undefined
  private pendingStart: ((outcome: { ok: boolean; error?: string }) => void) | undefined

  constructor(apiToken: string, apiBaseUrl?: string, dailyConfig?: unknown) {
    log().constructed.push({ apiToken, apiBaseUrl, dailyConfig })
    window.addEventListener(VOICE_FAKE_COMMAND, (event) => this.command((event as CustomEvent<VoiceFakeCommand>).detail))
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set())
    this.listeners.get(event)!.add(listener)
    return this
  }

  removeListener(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener)
    return this
  }

  private emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args)
  }

  async start(assistantId: string) {
    log().calls.push(`start:${assistantId}`)
    log().listenersAtStart.push([...this.listeners.keys()].sort())
    this.emit('call-start-progress', { stage: 'initialization', status: 'started', timestamp: new Date().toISOString() })
    if (log().holdStart) {
      log().pendingStart = true
      const { ok, error } = await new Promise<{ ok: boolean; error?: string }>((resolve) => (this.pendingStart = resolve))
      log().pendingStart = false
      if (error) throw new Error(error)
      if (!ok) return null
    }
    this.inCall = true
    return { id: 'fake-call', webCallUrl: 'https://example.daily.co/fake' }
  }

  /** Resolves when the test sends finish-stop, so 'Ending...' can be seen. */
  stop(): Promise<void> {
    log().calls.push('stop')
    log().pendingStop = true
    return new Promise((resolve, reject) => {
      this.pendingStop = (ok) => {
        log().pendingStop = false
        this.inCall = false
        if (!ok) return reject(new Error('Daily is already gone'))
        this.emit('call-end')
        resolve()
      }
    })
  }

  setMuted(mute: boolean) {
    if (!this.inCall) throw new Error('Call object is not available.')
    this.muted = mute
    log().calls.push(`setMuted:${mute}`)
  }

  isMuted() {
    return this.muted
  }

  private command(command: VoiceFakeCommand) {
    switch (command.type) {
      case 'listening':
        this.emit('call-start')
        break
      case 'speech-start':
        this.emit('speech-start')
        break
      case 'speech-end':
        this.emit('speech-end')
        break
      case 'volume':
        this.emit('volume-level', command.level)
        break
      case 'user-speech':
        this.emit('message', { type: 'speech-update', status: command.status, role: 'user', turn: 1 })
        break
      case 'local-volume':
        this.emit('local-volume-level', command.level)
        break
      case 'transcript':
        this.emit('message', { type: 'transcript', role: command.role, transcriptType: command.transcriptType, transcript: command.transcript })
        break
      case 'finish-stop':
      case 'fail-stop':
        this.pendingStop?.(command.type === 'finish-stop')
        this.pendingStop = undefined
        break
      case 'call-end':
        this.inCall = false
        this.emit('call-end')
        break
      case 'error':
        this.emit('error', command.payload)
        break
      case 'settle-start':
        this.pendingStart?.({ ok: command.ok, error: command.error })
        this.pendingStart = undefined
        break
    }
  }
}
