import { useMemo } from 'react'
import { formatDay, formatSlot, formatSlotTime } from '../../lib/time'
import { DayPicker } from './DayPicker'
import { SlotGrid, type SlotsView } from './SlotGrid'
import type { DaySlots as DaySlotsState } from './useDaySlots'

export interface DaySlotsProps {
  slots: DaySlotsState
  timeZone: string
  selected: string | null
  readOnly: boolean
  onChoose: (time: string) => void
}

/** The day picker, the day's slot grid and the 'Selected' summary: booking a call and moving one. */
export function DaySlots({ slots, timeZone, selected, readOnly, onChoose }: DaySlotsProps) {
  const { status, day } = slots
  const list = slots.slots
  const view: SlotsView = useMemo(
    () => (status === 'loaded' ? { status, slots: list.map((time) => ({ time, label: formatSlotTime(time, timeZone) })) } : { status }),
    [status, list, timeZone],
  )
  return (
    <>
      <DayPicker dayLabel={day ? formatDay(day) : ''} canGoBack={slots.canGoBack} onPrevious={slots.previousDay} onNext={slots.nextDay} />
      <SlotGrid view={view} selected={selected} readOnly={readOnly} onChoose={onChoose} onRetry={slots.retry} />
      {selected ? (
        <p className="rounded-lg bg-sky-400/10 px-3 py-2 text-sm text-sky-100">
          <span className="font-semibold">Selected:</span> {formatSlot(selected, timeZone)}
        </p>
      ) : null}
    </>
  )
}
