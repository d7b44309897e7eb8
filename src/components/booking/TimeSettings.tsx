import { useEffect, useId, useMemo, useSyncExternalStore } from 'react'
import { timeSettingsCopy as copy } from '../../content/booking'
import { readableZone } from '../../../core/zoneName'
import { describeTimeZone, nowInstant } from '../../lib/time/format'
import { afterNextPaint } from '../../lib/dom/pageEnvironment'
import { focusRing } from '../sections/ui'
import { zoneSearchModule } from './zoneSearchModule'

/** How the 'Time zone' box and its list button look, the same before the search has loaded and after (ZoneSearch.tsx draws them then). */
const zoneBoxClass = `min-h-10 w-full min-w-0 rounded-l-lg border border-r-0 border-white/15 bg-slate-950/60 px-3 py-2 text-sm text-white placeholder:text-slate-400 disabled:opacity-60 ${focusRing}`
const zoneToggleClass = `rounded-r-lg border border-white/15 bg-white/5 px-2.5 text-slate-200 hover:bg-white/10 disabled:opacity-60 ${focusRing}`

function ZoneToggleIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
    </svg>
  )
}

export interface TimeSettingsProps {
  timeZone: string
  hour24: boolean
  /** Whether the machine takes a new zone or clock now (not while booking). */
  enabled: boolean
  onTimeZone: (timeZone: string) => void
  onHour24: (hour24: boolean) => void
}

/**
 * Under the picker: the zone the times are in, as a 'Time zone' combobox searching every IANA zone
 * (ZoneSearch.tsx), and the '24-hour' switch beside it. The search is a file of its own, loaded once the
 * picker has drawn: until it comes, the box shows the zone in use and cannot be focused, so no key typed
 * meanwhile is lost (docs/performance.md#the-zone-search-after-the-slots).
 */
export function TimeSettings({ timeZone, hour24, enabled, onTimeZone, onHour24 }: TimeSettingsProps) {
  const hintId = useId()
  const inputId = useId()
  const labelId = useId()
  const now = useMemo(() => nowInstant(), [])
  const described = useMemo(() => describeTimeZone(timeZone, now), [timeZone, now])
  const search = useSyncExternalStore(zoneSearchModule.subscribe, zoneSearchModule.current, zoneSearchModule.serverValue)
  // After the frame that shows the picker: a sync render (a press) runs its effects before that frame is painted,
  // and asking for a file there is work the first slots would wait for (docs/performance.md#the-zone-search-after-the-slots).
  useEffect(() => afterNextPaint(zoneSearchModule.load), [])

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <div className="relative min-w-0 flex-1 basis-56">
          <label id={labelId} htmlFor={inputId} className="block text-xs font-medium text-slate-300">
            {copy.zoneLabel}
          </label>
          {search ? (
            <search.ZoneSearch
              timeZone={timeZone}
              now={now}
              hour24={hour24}
              enabled={enabled}
              onTimeZone={onTimeZone}
              inputId={inputId}
              labelId={labelId}
              describedBy={hintId}
              looks={{ box: zoneBoxClass, toggle: zoneToggleClass, toggleIcon: <ZoneToggleIcon /> }}
            />
          ) : (
            <div className="mt-1 flex">
              <input
                id={inputId}
                role="combobox"
                aria-expanded={false}
                aria-autocomplete="list"
                aria-describedby={hintId}
                value={readableZone(timeZone)}
                readOnly
                disabled
                className={zoneBoxClass}
              />
              <button type="button" disabled aria-label={`${copy.zoneLabel} list`} className={zoneToggleClass}>
                <ZoneToggleIcon />
              </button>
            </div>
          )}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={hour24}
          disabled={!enabled}
          onClick={() => onHour24(!hour24)}
          className={`inline-flex min-h-10 items-center gap-2 rounded-lg px-1 text-sm text-slate-200 disabled:opacity-60 ${focusRing}`}
        >
          <span
            aria-hidden="true"
            className={`relative inline-flex h-5 w-9 shrink-0 rounded-full border transition ${hour24 ? 'border-sky-300 bg-sky-400' : 'border-white/25 bg-white/10'}`}
          >
            <span className={`absolute top-0.5 size-3.5 rounded-full bg-white shadow transition-all ${hour24 ? 'left-4.5' : 'left-0.5'}`} />
          </span>
          {copy.clockLabel}
        </button>
      </div>
      <p id={hintId} className="text-xs text-slate-300">
        {copy.timesIn} {described}
      </p>
    </div>
  )
}
