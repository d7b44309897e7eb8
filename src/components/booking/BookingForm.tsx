import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { AttentionField, ConfirmedBooking } from '../../../machines/bookingForm'
import { bookedLine, bookingFormCopy } from '../../content/booking'
import { checkWaitingSlots } from '../../lib/api/calendarApi'
import { focusAndReveal, focusWhenDrawn } from '../../lib/dom/focus'
import { afterNextPaint } from '../../lib/dom/pageEnvironment'
import { formatShortCall, formatSlotInZone } from '../../lib/time/format'
import { primaryButton } from '../sections/ui'
import { AddToCalendar } from './AddToCalendar'
import { CallPlace } from './CallPlace'
import { CodeStep } from './CodeStep'
import { DaySlots } from './DaySlots'
import { MeetingChoice } from './MeetingChoice'
import { NotesField } from './NotesField'
import { TextField } from './TextField'
import { TimeSettings } from './TimeSettings'
import { formStartKey, useBookingForm } from './useBookingForm'
import { zoneSearchModule } from './zoneSearchModule'

export type { ConfirmedBooking }

/**
 * What a press needs after the form's own code, started once that has run (at an idle moment, or at the first sign
 * of intent: src/boot/loadBookingForm.ts): the zone search's code (a file of its own), and the check of the first
 * slots' answer as it comes (docs/performance.md#the-first-slots-checked-ahead).
 */
export function prepareToOpen(): void {
  zoneSearchModule.load()
  // In a task of its own after the next frame, not the one that ran the form's code: a press meanwhile waits for neither.
  afterNextPaint(checkWaitingSlots)
}

export interface BookingFormProps {
  variant: 'modal' | 'inline'
  /** What opened the form, kept with the booking (docs/booking.md#where-a-lead-came-from); the inline form is `inline`. */
  openedFrom?: string | undefined
  /** Modal variant: called once the booking is confirmed, so the modal can close and the toast show. */
  onConfirmed?: (booking: ConfirmedBooking) => void
}

/**
 * The booking form of both variants (docs/design.md#pages, docs/design.md#states, docs/design.md#validation): Full Name, Email Address,
 * how to meet (docs/design.md#where-the-call-happens), Select Time and the optional note, driven by the
 * bookingForm machine. It renders the snapshot and sends events; nothing else.
 */
export function BookingForm({ variant, onConfirmed, openedFrom = variant === 'inline' ? 'inline' : undefined }: BookingFormProps) {
  const id = useId()
  const fieldIds: Record<AttentionField, string> = {
    name: `${id}-name`,
    email: `${id}-email`,
    phone: `${id}-meeting-phone`,
    slot: `${id}-time`,
    notes: `${id}-notes`,
    code: `${id}-code`,
  }
  // A field comes to the middle of the screen; the tall group of times shows its top (its label and message). The
  // code's field is drawn by the render that the server's asking starts.
  const form = useBookingForm(
    variant,
    onConfirmed,
    (field) => (field === 'code' ? focusWhenDrawn(fieldIds.code, 'center') : focusAndReveal(fieldIds[field], field === 'slot' ? 'start' : 'center')),
    openedFrom,
  )
  const confirmationRef = useRef<HTMLDivElement>(null)
  // The inline confirmation stands above the form, which has just cleared: focus and view go there once it is
  // drawn, so it is read and seen (on a phone it would be above the screen).
  useEffect(() => {
    if (!form.confirmation) return
    confirmationRef.current?.focus({ preventScroll: true })
    confirmationRef.current?.scrollIntoView({ block: 'nearest', behavior: 'instant' })
  }, [form.confirmation])
  const submitting = form.state === 'submitting'
  const display = useMemo(() => ({ timeZone: form.timeZone, hour24: form.hour24 }), [form.timeZone, form.hour24])
  const timeLabelId = `${id}-time-label`
  const timeErrorId = `${id}-time-error`
  const slotTakenId = `${id}-slot-taken`

  return (
    <form
      noValidate
      aria-label={variant === 'modal' ? bookingFormCopy.modalName : bookingFormCopy.inlineName}
      onSubmit={(e) => {
        e.preventDefault()
        form.submit()
      }}
      className="flex flex-1 flex-col gap-4"
    >
      {variant === 'inline' ? (
        // One element for the confirmation and, once it clears, its one line: the focus it took stays with it.
        <div
          ref={confirmationRef}
          role="status"
          tabIndex={-1}
          className={`scroll-mt-24 outline-none ${form.confirmation ? 'rounded-xl border border-emerald-400/30 bg-emerald-500/10 px-4 py-3 text-emerald-100' : ''}`}
        >
          {form.confirmation ? (
            <>
              <p className="font-medium">{bookingFormCopy.confirmed(form.confirmation.email)}</p>
              <p className="mt-1 text-sm text-emerald-50/90">{formatSlotInZone(form.confirmation.startTime, form.confirmation)}</p>
              <CallPlace videoCallUrl={form.confirmation.videoCallUrl} phone={form.confirmation.phone} className="mt-2 text-emerald-50" />
              <AddToCalendar call={form.confirmation} className="mt-3" />
            </>
          ) : form.booked ? (
            <p className="text-sm text-emerald-200">{bookedLine(formatShortCall(form.booked.startTime, form.booked))}</p>
          ) : null}
        </div>
      ) : null}

      <div className="grid gap-x-5 gap-y-2 sm:grid-cols-2">
        {/* Alike in shape only: each field has its own label, type, autocomplete and handlers, read best spelled out. */}
        <TextField
          id={fieldIds.name}
          label={bookingFormCopy.name}
          type="text"
          autoComplete="name"
          value={form.fields.name}
          error={form.errors.name}
          readOnly={!form.canEdit}
          onChange={form.changeName}
          onBlur={form.blurName}
        />
        <TextField
          id={fieldIds.email}
          label={bookingFormCopy.email}
          type="email"
          autoComplete="email"
          value={form.fields.email}
          error={form.errors.email}
          readOnly={!form.canEdit}
          onChange={form.changeEmail}
          onBlur={form.blurEmail}
        />
      </div>

      <MeetingChoice
        id={`${id}-meeting`}
        locations={form.locations}
        location={form.fields.location}
        phone={form.fields.phone}
        phoneError={form.errors.phone}
        readOnly={!form.canEdit}
        onLocation={form.chooseLocation}
        onPhone={form.changePhone}
        onPhoneBlur={form.blurPhone}
      />

      <div
        id={fieldIds.slot}
        role="group"
        tabIndex={-1}
        aria-labelledby={timeLabelId}
        aria-invalid={form.errors.slot ? true : undefined}
        aria-describedby={[form.slotTakenError ? slotTakenId : '', form.errors.slot ? timeErrorId : ''].join(' ').trim() || undefined}
        className="flex scroll-mt-32 flex-col gap-3 outline-none"
      >
        <p id={timeLabelId} className="text-sm font-medium text-slate-200">
          {bookingFormCopy.selectTime}
        </p>
        {/* A time taken meanwhile: under the label, where the focus brings the times into view, until another is chosen.
            Always present, so the sentence is announced when it appears. */}
        <div id={slotTakenId} role="alert" className="-mt-2">
          {form.slotTakenError ? (
            <p className="rounded-lg border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-100">{form.slotTakenError}</p>
          ) : null}
        </div>
        {/* Under the label, so a refused submit that brings the times into view shows why. */}
        <p id={timeErrorId} aria-live="polite" className="-mt-2 text-sm text-rose-300">
          {form.errors.slot}
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
      </div>

      <NotesField
        id={fieldIds.notes}
        value={form.fields.notes}
        length={form.notesCount}
        error={form.errors.notes}
        readOnly={!form.canEdit}
        onChange={form.changeNotes}
        onBlur={form.blurNotes}
      />

      <div className="mt-auto flex flex-col gap-3">
        {form.code ? (
          <CodeStep
            id={fieldIds.code}
            prompt={form.code.prompt}
            code={form.code.code}
            error={form.code.error}
            readOnly={!form.canEditCode}
            canResend={form.canResend}
            onChange={form.changeCode}
            onResend={form.resendCode}
          />
        ) : null}
        {/* Always present, so the message is announced when it appears. */}
        <div role="alert">
          {form.bookingError ? (
            <p className="rounded-lg border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-100">
              {form.bookingError}
            </p>
          ) : null}
        </div>
        <button type="submit" className={`${primaryButton} w-full disabled:cursor-wait disabled:opacity-70`} disabled={!form.canSubmit}>
          {submitting ? bookingFormCopy.processing : bookingFormCopy.confirm}
        </button>
      </div>
    </form>
  )
}

export interface ModalFormProps {
  /** Whether the modal's machine has the dialog open. */
  open: boolean
  /**
   * What opened it (the modal machine's opener): a Book a Call button names itself in `data-from`, so a press before
   * the app ran is named too (docs/booking.md#where-a-lead-came-from).
   */
  opener: unknown
  /** The machine's count of opens: each OPEN it takes starts a fresh form. */
  formKey: number
  onConfirmed: (booking: ConfirmedBooking) => void
}

/**
 * The booking modal's form. While the dialog is shut it is the next one, drawn ahead (hidden by the modal) under
 * the key the machine's next OPEN gives it, so a press shows it rather than drawing it
 * (docs/performance.md#the-next-form-drawn-ahead). Drawn again if the visitor's zone, clock or day has changed
 * by the time it opens; never while it is open, where it holds what the visitor typed.
 */
export function ModalForm({ open, opener, formKey, onConfirmed }: ModalFormProps) {
  const startKey = useStartKeyHeldWhileOpen(open)
  const openedFrom = open ? (opener as { dataset?: DOMStringMap } | null)?.dataset?.from : undefined
  return <BookingForm key={`${open ? formKey : formKey + 1} ${startKey}`} variant="modal" onConfirmed={onConfirmed} openedFrom={openedFrom} />
}

/** What a new form starts from (formStartKey), read again each time the dialog opens or shuts. */
function useStartKeyHeldWhileOpen(open: boolean): string {
  const [held, setHeld] = useState(() => ({ open, key: formStartKey() }))
  if (held.open === open) return held.key
  const next = { open, key: formStartKey() }
  setHeld(next)
  return next.key
}
