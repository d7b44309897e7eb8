import type { ServerConfig } from './config'

export interface CspSources {
  scriptSrc?: string[]
  connectSrc?: string[]
  frameSrc?: string[]
  mediaSrc?: string[]
  workerSrc?: string[]
}

/** What the voice SDK needs the CSP to allow; nothing when voice is not configured. */
export function voiceCspSources(config: ServerConfig): CspSources {
  void config
  return {}
}
