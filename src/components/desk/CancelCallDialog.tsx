import { CANCELLATION_REASON_MAX_LENGTH } from '../../../core/manageWire'
import { DESK_TEXTS, type DeskCall } from '../../../core/deskWire'
import { formatSlot } from '../../lib/time/format'
import { DESK_IDS } from '../../logic/desk'
import { fieldError, fieldInput, fieldLabel } from '../booking/styles'
import { ModalDialog } from '../layout/ModalDialog'
import { dangerButton, waiting } from '../manage/styles'
import { secondaryButton } from '../sections/ui'
import type { DeskBoardView } from './useDeskBoard'

const TITLE_ID = 'desk-cancel-title'
const HINT_ID = 'desk-cancel-call'
const ERROR_ID = 'desk-cancel-error'

/**
 * "Cancel call"'s dialog: who and when, the reason the visitor's mail carries, and the two buttons. On while the
 * machine has it open; a failure's sentence shows here with the reason kept, and "Cancel the call" sends it again.
 */
export function CancelCallDialog({ call, desk }: { call: DeskCall; desk: DeskBoardView }) {
  const failure = desk.error?.place === call.uid ? desk.error.sentence : null
  const message = desk.reasonError ?? failure
  return (
    <ModalDialog
      labelledBy={TITLE_ID}
      onEscape={desk.keepCall}
      onBackdropClick={desk.keepCall}
      className="m-auto w-[calc(100%-1.5rem)] max-w-lg rounded-2xl border border-white/10 bg-slate-900 p-5 text-slate-100 shadow-2xl shadow-black/60 backdrop:bg-slate-950/75 backdrop:backdrop-blur-sm sm:p-8"
    >
      <form
        className="flex flex-col gap-5"
        onSubmit={(e) => {
          e.preventDefault()
          desk.confirmCancel()
        }}
      >
        <h2 id={TITLE_ID} className="text-xl font-semibold text-white">
          {DESK_TEXTS.cancelCall}
        </h2>
        <p id={HINT_ID} className="text-slate-300">
          <span className="font-semibold text-white">{call.name}</span>, {formatSlot(call.startTime, { timeZone: desk.view.timeZone, hour24: false })}
        </p>
        <div>
          <label htmlFor={DESK_IDS.reason} className={fieldLabel}>
            {DESK_TEXTS.reasonLabel}
          </label>
          <textarea
            id={DESK_IDS.reason}
            name="reason"
            rows={4}
            maxLength={CANCELLATION_REASON_MAX_LENGTH}
            value={desk.reason}
            readOnly={!desk.can.editReason}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${HINT_ID} ${ERROR_ID}` : HINT_ID}
            onChange={(e) => desk.changeReason(e.currentTarget.value)}
            className={`${fieldInput} min-h-28 resize-y ${message ? 'border-rose-400/70' : 'border-white/15'}`}
          />
          <p id={ERROR_ID} role="alert" className={fieldError}>
            {message}
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
          <button type="submit" className={`${dangerButton} ${waiting}`} disabled={!desk.can.confirmCancel}>
            {DESK_TEXTS.confirmCancel}
          </button>
          <button type="button" className={secondaryButton} disabled={!desk.can.keepCall} onClick={desk.keepCall}>
            {DESK_TEXTS.keepCall}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
