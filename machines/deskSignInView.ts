/**
 * What the desk page reads of its sign-in machine's snapshot: pure selectors beside the machine (its own file, so the
 * machine's mutation score measures the machine alone). `can` says whether the machine takes a control's event now.
 */
import type { DeskSignInSnapshot } from './deskSignIn'

/** The step the page shows; sending keeps the form's look (read-only, its button waiting). */
export type DeskSignInStep = 'opening' | 'openingLink' | 'openFailed' | 'linkRefused' | 'checking' | 'checkFailed' | 'notSetUp' | 'signedOut' | 'sent' | 'signedIn'

export function deskSignInStep(snapshot: DeskSignInSnapshot): DeskSignInStep {
  const value = snapshot.value
  return value === 'sending' ? 'signedOut' : value
}

export const deskSignInView = {
  step: deskSignInStep,
  email: (s: DeskSignInSnapshot) => s.context.email,
  emailError: (s: DeskSignInSnapshot) => s.context.emailError,
  error: (s: DeskSignInSnapshot) => s.context.error,
  notice: (s: DeskSignInSnapshot) => s.context.notice,
  sending: (s: DeskSignInSnapshot) => s.matches('sending'),
  /** The board, while signed in. */
  desk: (s: DeskSignInSnapshot) => s.children.desk,
} as const

/** Whether the machine takes each control's event now. */
export const deskSignInControls = {
  editEmail: (s: DeskSignInSnapshot) => s.can({ type: 'EMAIL_CHANGED', value: '' }),
  sendLink: (s: DeskSignInSnapshot) => s.can({ type: 'SEND_LINK' }),
  retry: (s: DeskSignInSnapshot) => s.can({ type: 'RETRY' }),
  askNewLink: (s: DeskSignInSnapshot) => s.can({ type: 'ASK_NEW_LINK' }),
} as const
