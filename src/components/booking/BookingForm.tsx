import { useId, useMemo } from 'react'
import type { ConfirmedBooking } from '../../../machines/bookingForm'
import { formatSlot } from '../../lib/time'
import { primaryButton } from '../sections/ui'
import { AddToCalendar } from './AddToCalendar'
import { JoinByVideo } from './JoinByVideo'
import { DaySlots } from './DaySlots'
import { NotesField } from './NotesField'
import { fieldError } from './styles'
import { TextField } from './TextField'
import { TimeSettings } from './TimeSettings'
import { useBookingForm } from './useBookingForm'

export type { ConfirmedBooking }

export interface BookingFormProps {
  variant: 'modal' | 'inline'
  /** Modal variant: called once the booking is confirmed, so the modal can close and the toast show. */
  onConfirmed?: (booking: ConfirmedBooking) => void
}

/**
 * The booking form of both variants (docs/design.md#pages, docs/design.md#states, docs/design.md#validation): Full Name, Email Address, Select Time and
 * the optional note (issue 25), driven
 * by the bookingForm machine. It renders the snapshot and sends events; nothing else.
 */
export function BookingForm({ variant, onConfirmed }: BookingFormProps) {
  const form = useBookingForm(variant, onConfirmed)
  const id = useId()
  const submitting = form.state === 'submitting'
  const display = useMemo(() => ({ timeZone: form.timeZone, hour24: form.hour24 }), [form.timeZone, form.hour24])
  const timeLabelId = `${id}-time-label`
  const timeErrorId = `${id}-time-error`

  return (
    <form
      noValidate
      aria-label={variant === 'modal' ? 'Book a call' : 'Book a free 15-minute call'}
      onSubmit={(e) => {
        e.preventDefault()
        form.submit()
      }}
      className="flex flex-1 flex-col gap-4"
    >
      {form.confirmation && variant === 'inline' ? (
        <div role="status" className="rounded-xl border border-emerald-400/30 bg-emerald-500/10 px-4 py-3 text-emerald-100">
          <p className="font-medium">Booking confirmed! Check {form.confirmation.email} for details.</p>
          <p className="mt-1 text-sm text-emerald-50/90">{formatSlot(form.confirmation.startTime, form.confirmation)}</p>
          <JoinByVideo url={form.confirmation.videoCallUrl} className="mt-2 text-emerald-50" />
          <AddToCalendar call={form.confirmation} className="mt-3" />
        </div>
      ) : null}

      <div className="grid gap-x-5 gap-y-2 sm:grid-cols-2">
        {/* Alike in shape only: each field has its own label, type, autocomplete and handlers, read best spelled out. */}
        <TextField
          id={`${id}-name`}
          label="Full Name"
          type="text"
          autoComplete="name"
          value={form.fields.name}
          error={form.errors.name}
          readOnly={!form.canEdit}
          onChange={form.changeName}
          onBlur={form.blurName}
        />
        <TextField
          id={`${id}-email`}
          label="Email Address"
          type="email"
          autoComplete="email"
          value={form.fields.email}
          error={form.errors.email}
          readOnly={!form.canEdit}
          onChange={form.changeEmail}
          onBlur={form.blurEmail}
        />
      </div>

      <div
        role="group"
        aria-labelledby={timeLabelId}
        aria-invalid={form.errors.slot ? true : undefined}
        aria-describedby={form.errors.slot ? timeErrorId : undefined}
        className="flex flex-col gap-3"
      >
        <p id={timeLabelId} className="text-sm font-medium text-slate-200">
          Select Time
        </p>
        <DaySlots
          slots={form.slots}
          display={display}
          selected={form.fields.slot}
          readOnly={!form.canChooseSlot}
          onChoose={form.chooseSlot}
        />
        <TimeSettings
          timeZone={form.timeZone}
          hour24={form.hour24}
          enabled={form.canChangeTime}
          onTimeZone={form.chooseTimeZone}
          onHour24={form.changeClock}
        />
        <p id={timeErrorId} aria-live="polite" className={`${fieldError} -mt-1.5`}>
          {form.errors.slot}
        </p>
      </div>

      <NotesField
        id={`${id}-notes`}
        value={form.fields.notes}
        length={form.notesCount}
        error={form.errors.notes}
        readOnly={!form.canEdit}
        onChange={form.changeNotes}
        onBlur={form.blurNotes}
      />

      <div className="mt-auto flex flex-col gap-3">
        {/* Always present, so the message is announced when it appears. */}
        <div role="alert">
          {form.bookingError ? (
            <p className="rounded-lg border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-100">
              {form.bookingError}
            </p>
          ) : null}
        </div>
        <button type="submit" className={`${primaryButton} w-full disabled:cursor-wait disabled:opacity-70`} disabled={!form.canSubmit}>
          {submitting ? 'Processing...' : 'Confirm Booking'}
        </button>
      </div>
    </form>
  )
}
