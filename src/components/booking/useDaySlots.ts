import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { ActorRefFrom } from 'xstate'
import { dayRow, slotsStatus, type RowDay, type slotsMachine } from '../../../machines/slots'

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i])
const sameRow = (a: readonly RowDay[], b: readonly RowDay[]) =>
  a.length === b.length && a.every((x, i) => x.day === b[i]!.day && x.count === b[i]!.count && x.selected === b[i]!.selected)

/**
 * The day's slots of a `slots` child (the booking form's, the manage page's): its state through
 * selectors and its senders by name. Before the child runs (or after it stops) the day is loading.
 */
export function useDaySlots(slotsActor: ActorRefFrom<typeof slotsMachine> | undefined) {
  const status = useSelector(slotsActor, (s) => (s ? slotsStatus(s) : 'loading'))
  const slots = useSelector(slotsActor, (s) => s?.context.slots ?? [], sameList)
  const day = useSelector(slotsActor, (s) => s?.context.day ?? '')
  const row = useSelector(slotsActor, (s) => (s ? dayRow(s) : []), sameRow)
  const nextFree = useSelector(slotsActor, (s) => s?.context.nextFree ?? null)
  // Asked of the machine (its guards), not recomputed here.
  const canGoBack = useSelector(slotsActor, (s) => s?.can({ type: 'PREVIOUS_DAY' }) ?? false)
  const canChooseDay = useSelector(slotsActor, (s) => s?.matches('ready') ?? false)
  const events = useMemo(
    () => ({
      previousDay: () => slotsActor?.send({ type: 'PREVIOUS_DAY' }),
      nextDay: () => slotsActor?.send({ type: 'NEXT_DAY' }),
      chooseDay: (chosen: string) => slotsActor?.send({ type: 'DAY_CHOSEN', day: chosen }),
      goToNextFree: () => slotsActor?.send({ type: 'NEXT_FREE_DAY_CHOSEN' }),
      retry: () => slotsActor?.send({ type: 'RETRY' }),
    }),
    [slotsActor],
  )
  return { status, slots, day, row, nextFree, canGoBack, canChooseDay, ...events }
}

export type DaySlots = ReturnType<typeof useDaySlots>
