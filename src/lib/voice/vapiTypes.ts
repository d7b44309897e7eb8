/** The part of @vapi-ai/web's Vapi class the adapter uses (so tests can script a fake of it). */
export interface VapiLike {
  on(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown
  start(assistantId: string): Promise<unknown>
  stop(): Promise<void>
  setMuted(mute: boolean): void
  isMuted(): boolean
}

export interface VapiFactoryOptions {
  publicKey: string
  baseUrl: string | undefined
}
