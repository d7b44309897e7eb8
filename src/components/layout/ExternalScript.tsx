import { useEffect } from 'react'
import { site } from '../../content/site'
import { loadExternalScriptOnce } from '../../boot/externalScript'

/** Loads the configured external script (VITE_EXTERNAL_SCRIPT_URL) on the pages of the main layout. */
export function ExternalScript({ src = site.externalScriptUrl }: { src?: string }) {
  useEffect(() => loadExternalScriptOnce(src), [src])
  return null
}
