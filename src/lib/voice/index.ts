/** The page's one voice adapter, over the real SDK loaded on first use. */
import { voiceConfig } from '../../config'
import { createVapi, loadVapiConstructor } from './loadVapi'
import { createVoiceAdapter, type VoiceAdapter } from './voiceAdapter'

let adapter: VoiceAdapter | undefined

export function getVoiceAdapter(): VoiceAdapter {
  adapter ??= createVoiceAdapter({ config: voiceConfig, createVapi, prefetch: loadVapiConstructor })
  return adapter
}
