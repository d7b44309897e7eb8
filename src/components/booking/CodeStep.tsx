import { EMAIL_CODE_DIGITS } from '../../../core/emailVerification'
import { codeStepCopy } from '../../content/booking'
import { fieldError, fieldInput, fieldLabel, smallButton } from './styles'

export interface CodeStepProps {
  id: string
  /** The server's sentence: where the code went, and what to do with it. */
  prompt: string
  code: string
  /** The sentence at the field: a refused code, a new code asked too soon, a code that is not 6 digits. */
  error: string | null
  readOnly: boolean
  canResend: boolean
  onChange: (value: string) => void
  onResend: () => void
}

/**
 * The email-code step of a booking (docs/design.md#email-codes): the server's sentence, one field for the code
 * (the phone's keyboard of digits, and the code offered from the mail by the phone itself), and 'Send a new code'.
 * Confirm Booking, below, sends the code.
 */
export function CodeStep({ id, prompt, code, error, readOnly, canResend, onChange, onResend }: CodeStepProps) {
  const promptId = `${id}-prompt`
  const errorId = `${id}-error`
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-sky-400/30 bg-sky-500/10 px-4 py-3">
      <p id={promptId} role="status" className="text-sm text-sky-50">
        {prompt}
      </p>
      <div>
        <label htmlFor={id} className={fieldLabel}>
          {codeStepCopy.label}
        </label>
        <input
          id={id}
          name={id}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={EMAIL_CODE_DIGITS}
          value={code}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
          className={`${fieldInput} max-w-48 scroll-mt-32 tracking-[0.3em] ${error ? 'border-rose-400/70' : 'border-white/15'}`}
        />
        <p id={errorId} aria-live="polite" className={fieldError}>
          {error}
        </p>
      </div>
      <button type="button" className={`${smallButton} self-start`} disabled={!canResend} onClick={onResend}>
        {codeStepCopy.resend}
      </button>
    </div>
  )
}
