import type { ServerConfig } from '../config'

export interface CspSources {
  scriptSrc?: string[]
  connectSrc?: string[]
  frameSrc?: string[]
  mediaSrc?: string[]
  workerSrc?: string[]
}

/** The SDK's default API when VITE_VAPI_BASE_URL is not set. */
export const DEFAULT_VOICE_API = 'https://api.vapi.ai'

/**
 * What the voice SDK needs the CSP to allow; nothing when voice is not configured (docs/design.md#voice).
 * - connect-src: the voice platform's API (POST /call/web for calls, POST /chat/web for 'Type instead'),
 *   Daily's API and signalling (https/wss).
 * - script-src: Daily's call machine, loaded as a script from its CDN because we construct with avoidEval,
 *   and its noise-cancellation WebAssembly.
 * Workers and audio run from blob: URLs, which the base policy already allows; call-object mode has no iframe.
 */
export function voiceCspSources(config: ServerConfig): CspSources {
  const configured = config.VITE_VAPI_PUBLIC_KEY.trim() !== '' && config.VITE_VAPI_ASSISTANT_ID.trim() !== ''
  if (!configured) return {}
  const api = new URL(config.VITE_VAPI_BASE_URL ?? DEFAULT_VOICE_API).origin
  return {
    scriptSrc: ['https://*.daily.co', "'wasm-unsafe-eval'"],
    connectSrc: [api, 'https://*.daily.co', 'wss://*.daily.co', 'https://*.pluot.blue', 'wss://*.pluot.blue'],
  }
}
