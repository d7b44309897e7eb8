import { DESK_TEXTS } from '../../../core/deskWire'
import { deskCopy } from '../../content/desk'
import { DESK_ALERT_ID, DESK_EMAIL_ID } from '../../logic/deskSignIn'
import { fieldError, fieldInput, fieldLabel } from '../booking/styles'
import { alertBox, waiting } from '../manage/styles'
import { primaryButton } from '../sections/ui'
import { DeskStepHeading } from './DeskStepHeading'
import type { DeskSignInView } from './useDeskSignIn'

const errorId = `${DESK_EMAIL_ID}-error`

/**
 * The sign-in form: one address, and a link mailed to it. How the last session ended shows above it; a failed
 * request's sentence under it, the address kept.
 */
export function SignIn({ signIn }: { signIn: DeskSignInView }) {
  return (
    <>
      <DeskStepHeading>{DESK_TEXTS.signInHeading}</DeskStepHeading>
      {signIn.notice ? <p className="rounded-lg border border-sky-300/30 bg-sky-400/10 px-4 py-3 text-sky-50">{signIn.notice}</p> : null}
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(e) => {
          e.preventDefault()
          signIn.sendLink()
        }}
      >
        <div>
          <label htmlFor={DESK_EMAIL_ID} className={fieldLabel}>
            {DESK_TEXTS.emailLabel}
          </label>
          <input
            id={DESK_EMAIL_ID}
            name="email"
            type="email"
            autoComplete="email"
            value={signIn.email}
            readOnly={!signIn.can.editEmail}
            aria-invalid={signIn.emailError ? true : undefined}
            aria-describedby={errorId}
            onChange={(e) => signIn.changeEmail(e.currentTarget.value)}
            className={`${fieldInput} ${signIn.emailError ? 'border-rose-400/70' : 'border-white/15'}`}
          />
          <p id={errorId} aria-live="polite" className={fieldError}>
            {signIn.emailError}
          </p>
        </div>
        {/* Always present, so the message is announced when it appears. */}
        <div id={DESK_ALERT_ID} role="alert" tabIndex={-1} className="outline-none empty:-mt-5">
          {signIn.error ? <p className={alertBox}>{signIn.error}</p> : null}
        </div>
        <div>
          <button type="submit" className={`${primaryButton} ${waiting} w-full sm:w-auto`} disabled={!signIn.can.sendLink}>
            {signIn.sending ? deskCopy.sending : DESK_TEXTS.sendLink}
          </button>
        </div>
      </form>
    </>
  )
}
