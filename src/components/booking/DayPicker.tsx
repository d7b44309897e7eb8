import { smallButton } from './styles'

export interface DayPickerProps {
  /** The selected day by name and date. */
  dayLabel: string
  canGoBack: boolean
  onPrevious: () => void
  onNext: () => void
}

/** Moves the selected day one day at a time; Previous is disabled when the day before is past. */
export function DayPicker({ dayLabel, canGoBack, onPrevious, onNext }: DayPickerProps) {
  return (
    <div className="grid grid-cols-2 items-center gap-2 sm:flex sm:justify-between">
      <button type="button" className={`${smallButton} justify-self-start`} disabled={!canGoBack} onClick={onPrevious}>
        <span aria-hidden="true">‹</span> Previous Day
      </button>
      <p className="order-first col-span-2 text-center text-base font-semibold text-white sm:order-none" aria-live="polite">
        {dayLabel}
      </p>
      <button type="button" className={`${smallButton} justify-self-end`} onClick={onNext}>
        Next Day <span aria-hidden="true">›</span>
      </button>
    </div>
  )
}
