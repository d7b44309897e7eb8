import { describe, expect, it, vi } from 'vitest'
import { readVoiceConsent, writeVoiceConsent } from '../../../src/lib/voice/consent'
import { MICROPHONE_MESSAGES } from '../../../core/voiceErrors'
import { requestMicrophone } from '../../../src/lib/voice/microphone'

const domError = (name: string) => Object.assign(new Error(name), { name })

function devices(result: () => Promise<MediaStream>) {
  return { getUserMedia: vi.fn(result) } as unknown as MediaDevices & { getUserMedia: ReturnType<typeof vi.fn> }
}

describe('microphone', () => {
  it('asks for audio only and stops the tracks right after', async () => {
    const stop = vi.fn()
    const media = devices(async () => ({ getTracks: () => [{ stop }, { stop }] }) as unknown as MediaStream)
    await requestMicrophone(media)
    expect(media.getUserMedia).toHaveBeenCalledWith({ audio: true })
    expect(stop).toHaveBeenCalledTimes(2)
  })

  it.each([
    ['NotAllowedError', MICROPHONE_MESSAGES.denied],
    ['NotFoundError', MICROPHONE_MESSAGES.notFound],
    ['NotReadableError', MICROPHONE_MESSAGES.inUse],
  ])('%s gets a message that says what to do', async (name, message) => {
    await expect(requestMicrophone(devices(async () => Promise.reject(domError(name))))).rejects.toThrow(message)
  })

  it('a browser without getUserMedia (no HTTPS) is told so', async () => {
    await expect(requestMicrophone(undefined)).rejects.toThrow(MICROPHONE_MESSAGES.unsupported)
  })

  it('each message names the next step', () => {
    for (const message of Object.values(MICROPHONE_MESSAGES)) expect(message).toMatch(/(press Retry Call|Open the site)/)
  })
})

describe('voice consent', () => {
  it('remembers the agreement on the device, and copes with blocked storage', () => {
    const data = new Map<string, string>()
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) } as Storage
    expect(readVoiceConsent(storage)).toBe(false)
    writeVoiceConsent(storage)
    expect(readVoiceConsent(storage)).toBe(true)
    const blocked = { getItem: () => { throw new Error('denied') }, setItem: () => { throw new Error('denied') } } as unknown as Storage
    expect(readVoiceConsent(blocked)).toBe(false)
    expect(() => writeVoiceConsent(blocked)).not.toThrow()
  })
})
