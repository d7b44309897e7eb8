/**
 * The browser tests' voice build variants (each its own build, server and port beside the default one).
 * - voice-sdk: the real @vapi-ai/web against a voice API origin the test intercepts with page.route.
 * - voice-scripted: the SDK swapped for a scripted fake (E2E_VOICE_FAKE=1, tests/e2e/support/voice-fake).
 */
import { E2E_ORIGIN, E2E_PORT, e2eEnv } from '../../env'

export const VOICE_PUBLIC_KEY = 'test-public-key-0000'
export const VOICE_ASSISTANT_ID = 'test-assistant-id-0000'

export const VOICE_SDK_PORT = E2E_PORT + 1
export const VOICE_SCRIPTED_PORT = E2E_PORT + 2
/** Nothing listens here: every request to it is answered by the test's page.route. */
export const VOICE_API_ORIGIN = `http://127.0.0.1:${E2E_PORT + 3}`

const origin = (port: number) => `http://127.0.0.1:${port}`
export const VOICE_SDK_ORIGIN = origin(VOICE_SDK_PORT)
export const VOICE_SCRIPTED_ORIGIN = origin(VOICE_SCRIPTED_PORT)
export { E2E_ORIGIN }

function variantEnv(port: number, extra: Record<string, string>): Record<string, string> {
  return {
    ...e2eEnv,
    PORT: String(port),
    VITE_SITE_URL: origin(port),
    VITE_EXTERNAL_SCRIPT_URL: `${origin(port)}/__e2e/external-script.js`,
    VITE_VAPI_PUBLIC_KEY: VOICE_PUBLIC_KEY,
    VITE_VAPI_ASSISTANT_ID: VOICE_ASSISTANT_ID,
    VITE_VAPI_BASE_URL: VOICE_API_ORIGIN,
    ...extra,
  }
}

export const voiceSdkEnv = variantEnv(VOICE_SDK_PORT, {})
export const voiceScriptedEnv = variantEnv(VOICE_SCRIPTED_PORT, { E2E_VOICE_FAKE: '1' })

/** Chromium grants the microphone with a fake device for the voice projects. */
export const fakeMediaArgs = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']

/** A string only the SDK's own code holds: how the tests recognise its chunk. */
export const SDK_CHUNK_MARKER = 'callControllerCreateWebCall'
