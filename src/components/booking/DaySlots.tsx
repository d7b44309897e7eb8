import { useMemo } from 'react'
import { formatDay, formatDayName, formatSlot, formatSlotTime, type TimeDisplay } from '../../lib/time/format'
import { DayPicker } from './DayPicker'
import { DayRow } from './DayRow'
import { SlotGrid, type SlotsView } from './SlotGrid'
import type { DaySlots as DaySlotsState } from './useDaySlots'

export interface DaySlotsProps {
  slots: DaySlotsState
  /** The zone and clock the days and times are shown in. */
  display: TimeDisplay
  selected: string | null
  readOnly: boolean
  onChoose: (time: string) => void
}

/** The day picker, the day row, the day's slot grid and the 'Selected' summary: booking a call and moving one. */
export function DaySlots({ slots, display, selected, readOnly, onChoose }: DaySlotsProps) {
  const { status, day, nextFree } = slots
  const list = slots.slots
  const view: SlotsView = useMemo(() => {
    switch (status) {
      case 'loaded':
        return { status, slots: list.map((time) => ({ time, label: formatSlotTime(time, display) })) }
      case 'noTimesThisWeek':
        return { status, nextFree: nextFree ? formatDayName(nextFree) : null }
      default:
        return { status }
    }
  }, [status, list, display, nextFree])
  return (
    <>
      <DayPicker dayLabel={day ? formatDay(day) : ''} canGoBack={slots.canGoBack} onPrevious={slots.previousDay} onNext={slots.nextDay} />
      <DayRow row={slots.row} enabled={slots.canChooseDay} onChoose={slots.chooseDay} />
      <SlotGrid view={view} selected={selected} readOnly={readOnly} onChoose={onChoose} onRetry={slots.retry} onNextFree={slots.goToNextFree} />
      {selected ? (
        <p className="rounded-lg bg-sky-400/10 px-3 py-2 text-sm text-sky-100">
          <span className="font-semibold">Selected:</span> {formatSlot(selected, display)}
        </p>
      ) : null}
    </>
  )
}
