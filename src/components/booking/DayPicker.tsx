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
    <div className="flex items-center justify-between gap-2">
      <button type="button" className={smallButton} disabled={!canGoBack} onClick={onPrevious}>
        <span aria-hidden="true">‹</span> Previous Day
      </button>
      <p className="text-center text-sm font-semibold text-white sm:text-base" aria-live="polite">
        {dayLabel}
      </p>
      <button type="button" className={smallButton} onClick={onNext}>
        Next Day <span aria-hidden="true">›</span>
      </button>
    </div>
  )
}
