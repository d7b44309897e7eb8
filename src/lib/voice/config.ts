/** The voice settings baked into the browser build (docs/design.md#voice, docs/design.md#configuration). */
export interface VoiceConfig {
  publicKey: string
  assistantId: string
  /** The voice platform's API; the SDK's own default when unset. */
  baseUrl: string | undefined
}

type VoiceEnv = Partial<Record<'VITE_VAPI_PUBLIC_KEY' | 'VITE_VAPI_ASSISTANT_ID' | 'VITE_VAPI_BASE_URL', string>>

/** null when the public key or the assistant id is missing: the widget then says voice is not configured. */
export function readVoiceConfig(env: VoiceEnv): VoiceConfig | null {
  const publicKey = env.VITE_VAPI_PUBLIC_KEY?.trim() ?? ''
  const assistantId = env.VITE_VAPI_ASSISTANT_ID?.trim() ?? ''
  if (!publicKey || !assistantId) return null
  const baseUrl = env.VITE_VAPI_BASE_URL?.trim().replace(/\/+$/, '') || undefined
  return { publicKey, assistantId, baseUrl }
}

// Outside Vite (Playwright loading the machines to generate the path tests) there is no import.meta.env.
const env: Partial<ImportMetaEnv> = import.meta.env ?? {}

export const voiceConfig: VoiceConfig | null = readVoiceConfig({
  VITE_VAPI_PUBLIC_KEY: env.VITE_VAPI_PUBLIC_KEY,
  VITE_VAPI_ASSISTANT_ID: env.VITE_VAPI_ASSISTANT_ID,
  VITE_VAPI_BASE_URL: env.VITE_VAPI_BASE_URL,
})
