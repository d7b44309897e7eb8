import { useState } from 'react'
import { NOTES_MAX_LENGTH } from '../../../core/bookingFields'
import { notesCopy } from '../../content/booking'
import { focusRing } from '../sections/ui'
import { fieldError, fieldInput, fieldLabel } from './styles'

export interface NotesFieldProps {
  id: string
  value: string
  /** The note's length as it would be sent (the machine's notesLength). */
  length: number
  error: string | undefined
  readOnly: boolean
  onChange: (value: string) => void
  onBlur: () => void
}

/**
 * The optional note behind an 'Add a note' disclosure: one line for a visitor who ignores it.
 * Opened, a labelled textarea with a live count; its error is tied to it as the other fields' are, and a
 * note with an error is always shown open.
 */
export function NotesField({ id, value, length, error, readOnly, onChange, onBlur }: NotesFieldProps) {
  // Whether the disclosure is open is the page's look, not the booking's state; the browser's toggle keeps it.
  const [open, setOpen] = useState(false)
  const countId = `${id}-count`
  const errorId = `${id}-error`
  return (
    // Pulled up into the space the time's error line keeps free: closed, it adds one short line to the form.
    <details open={open || Boolean(error)} onToggle={(e) => setOpen(e.currentTarget.open)} className="group -mt-2">
      <summary
        className={`inline-flex min-h-6 cursor-pointer list-none items-center gap-1.5 rounded-sm text-sm font-medium text-sky-300 hover:text-sky-200 [&::-webkit-details-marker]:hidden ${focusRing}`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 transition-transform group-open:rotate-45" fill="currentColor">
          <path d="M10 4a1 1 0 0 1 1 1v4h4a1 1 0 1 1 0 2h-4v4a1 1 0 1 1-2 0v-4H5a1 1 0 1 1 0-2h4V5a1 1 0 0 1 1-1Z" />
        </svg>
        {notesCopy.toggle}
      </summary>
      <div className="mt-2">
        <label htmlFor={id} className={fieldLabel}>
          {notesCopy.label}
        </label>
        <textarea
          id={id}
          name={id}
          rows={3}
          value={value}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${countId} ${errorId}` : countId}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={onBlur}
          className={`${fieldInput} resize-y ${error ? 'border-rose-400/70' : 'border-white/15'}`}
        />
        <div className="flex items-start justify-between gap-3">
          <p id={errorId} aria-live="polite" className={fieldError}>
            {error}
          </p>
          <p id={countId} className={`mt-1.5 shrink-0 text-xs ${length > NOTES_MAX_LENGTH ? 'text-rose-300' : 'text-slate-400'}`}>
            {notesCopy.count(length, NOTES_MAX_LENGTH)}
          </p>
        </div>
      </div>
    </details>
  )
}
