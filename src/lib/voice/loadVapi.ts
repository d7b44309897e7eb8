/**
 * Loads the voice SDK on first use only (a separate chunk, never in the first load of a page).
 * The e2e-voice test build aliases `@vapi-ai/web` to a scripted fake (vite.config.ts).
 */
import type { VapiLike, VapiFactoryOptions } from './vapiTypes'

type VapiConstructor = new (
  apiToken: string,
  apiBaseUrl?: string,
  dailyCallConfig?: { avoidEval?: boolean },
) => VapiLike

let loading: Promise<VapiConstructor> | undefined

export function loadVapiConstructor(): Promise<VapiConstructor> {
  loading ??= import('@vapi-ai/web').then((mod) => {
    // CommonJS interop: the class is `default`, or `default.default` depending on the bundler's wrapping.
    const candidate = mod.default as unknown as VapiConstructor | { default: VapiConstructor }
    return typeof candidate === 'function' ? candidate : candidate.default
  })
  loading.catch(() => {
    loading = undefined // a failed load (offline) may be retried
  })
  return loading
}

/** One SDK instance, with Daily's avoidEval so the call machine loads as a script the CSP allows. */
export async function createVapi({ publicKey, baseUrl }: VapiFactoryOptions): Promise<VapiLike> {
  const Vapi = await loadVapiConstructor()
  return new Vapi(publicKey, baseUrl, { avoidEval: true })
}
