import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { ActorRefFrom } from 'xstate'
import { slotsStatus, type slotsMachine } from '../../../machines/slots'

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i])

/**
 * The day's slots of a `slots` child (the booking form's, the manage page's): its state through
 * selectors and its senders by name. Before the child runs (or after it stops) the day is loading.
 */
export function useDaySlots(slotsActor: ActorRefFrom<typeof slotsMachine> | undefined) {
  const status = useSelector(slotsActor, (s) => (s ? slotsStatus(s) : 'loading'))
  const slots = useSelector(slotsActor, (s) => s?.context.slots ?? [], sameList)
  const day = useSelector(slotsActor, (s) => s?.context.day ?? '')
  // Asked of the machine (its guard), not recomputed here.
  const canGoBack = useSelector(slotsActor, (s) => s?.can({ type: 'PREVIOUS_DAY' }) ?? false)
  const events = useMemo(
    () => ({
      previousDay: () => slotsActor?.send({ type: 'PREVIOUS_DAY' }),
      nextDay: () => slotsActor?.send({ type: 'NEXT_DAY' }),
      retry: () => slotsActor?.send({ type: 'RETRY' }),
    }),
    [slotsActor],
  )
  return { status, slots, day, canGoBack, ...events }
}

export type DaySlots = ReturnType<typeof useDaySlots>
