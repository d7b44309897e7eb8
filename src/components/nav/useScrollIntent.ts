import { useMemo } from 'react'
import type { ScrollTarget } from '../../../machines/scrollIntent'
import { useScrollIntentActor } from '../providers/SiteActors'

/** The site's scroll intent, as a named sender. */
export function useScrollIntent() {
  const scrollIntent = useScrollIntentActor()
  return useMemo(
    () => ({
      go: (target: ScrollTarget) => scrollIntent.send({ type: 'GO', target }),
    }),
    [scrollIntent],
  )
}
