import { useId, type ChangeEvent } from 'react'
import { DESK_TEXTS, TIME_OFF_LABEL_MAX_LENGTH } from '../../../core/deskWire'
import { formatDay } from '../../lib/time/format'
import { fieldError, fieldInput, fieldLabel, smallButton } from '../booking/styles'
import { waiting } from '../manage/styles'
import { primaryButton } from '../sections/ui'
import { callItem, sectionHeading } from './styles'
import type { DeskBoardView } from './useDeskBoard'

/** A time-off entry's days: one day, or its first and last. */
const daysOf = (from: string, to: string) => (from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`)

/** "Time off": the entries not yet over, each with "Remove", and the form that adds one (days in the host's zone). */
export function TimeOffPanel({ desk }: { desk: DeskBoardView }) {
  const id = useId()
  const headingId = `${id}-heading`
  const errorId = `${id}-error`
  const form = desk.timeOffForm
  const error = desk.error?.place === 'timeOff' ? desk.error.sentence : null
  const field = (name: 'from' | 'to' | 'label') => ({
    id: `${id}-${name}`,
    name,
    value: form[name],
    readOnly: !desk.can.editTimeOff,
    'aria-describedby': error ? errorId : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement>) => desk.changeTimeOff(name, e.currentTarget.value),
    className: `${fieldInput} border-white/15`,
  })
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h2 id={headingId} className={sectionHeading}>
        {DESK_TEXTS.timeOff}
      </h2>
      {desk.view.timeOff.length ? (
        <ul className="flex flex-col gap-3">
          {desk.view.timeOff.map((entry) => (
            <li key={entry.id} className={`${callItem} sm:flex-row sm:items-center sm:justify-between`}>
              <p className="text-slate-200">
                <span className="font-semibold text-white">{daysOf(entry.from, entry.to)}</span>
                {entry.label ? ` · ${entry.label}` : null}
              </p>
              <button
                type="button"
                className={`${smallButton} ${waiting} self-start`}
                aria-label={`${DESK_TEXTS.removeTimeOff} ${daysOf(entry.from, entry.to)}`}
                disabled={!desk.can.removeTimeOff(entry.id)}
                onClick={() => desk.removeTimeOff(entry.id)}
              >
                {DESK_TEXTS.removeTimeOff}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-400">{DESK_TEXTS.noTimeOff}</p>
      )}
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault()
          desk.addTimeOff()
        }}
      >
        <div>
          <label htmlFor={`${id}-from`} className={fieldLabel}>
            {DESK_TEXTS.timeOffFrom}
          </label>
          <input type="date" {...field('from')} />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className={fieldLabel}>
            {DESK_TEXTS.timeOffTo}
          </label>
          <input type="date" {...field('to')} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-label`} className={fieldLabel}>
            {DESK_TEXTS.timeOffLabel}
          </label>
          <input type="text" maxLength={TIME_OFF_LABEL_MAX_LENGTH} {...field('label')} />
        </div>
        <p id={errorId} role="alert" className={`${fieldError} sm:col-span-2`}>
          {error}
        </p>
        <button type="submit" className={`${primaryButton} ${waiting} sm:col-span-2 sm:justify-self-start`} disabled={!desk.can.addTimeOff}>
          {DESK_TEXTS.addTimeOff}
        </button>
      </form>
    </section>
  )
}
