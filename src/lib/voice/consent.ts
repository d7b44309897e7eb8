/** The visitor's agreement to talk to an AI assistant that may record, remembered on this device. */
export const VOICE_CONSENT_KEY = 'voice-assistant-consent'

export function readVoiceConsent(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(VOICE_CONSENT_KEY) === 'agreed'
  } catch {
    return false // storage blocked (private mode, policies): ask again
  }
}

export function writeVoiceConsent(storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(VOICE_CONSENT_KEY, 'agreed')
  } catch {
    // Not remembered when storage is blocked; the notice shows again next time.
  }
}
