import { DESK_TEXTS } from '../../../core/deskWire'
import { deskCopy } from '../../content/desk'
import { primaryButton, secondaryButton, card } from '../sections/ui'
import { HeroGlow } from '../sections/PageHero'
import { actionRow } from '../manage/styles'
import { DeskBoard } from './DeskBoard'
import { DeskStepHeading } from './DeskStepHeading'
import { SignIn } from './SignIn'
import { useDeskSignIn, type DeskSignInView } from './useDeskSignIn'

/**
 * The desk (/desk, docs/desk.md): the host's calls once signed in, the sign-in form before. Prerendered as an
 * empty shell in its opening step; whether anyone is signed in, and everything the desk shows, is only ever
 * fetched in the browser.
 */
export function DeskPage() {
  const signIn = useDeskSignIn()
  if (signIn.step === 'signedIn' && signIn.desk) {
    return (
      <div className="mx-auto w-full max-w-5xl px-5 pt-14 pb-24 sm:px-8 sm:pt-20">
        <DeskBoard actor={signIn.desk} />
      </div>
    )
  }
  return (
    // The glow sits behind the card, so it fades out instead of ending at an edge.
    <div className="relative overflow-hidden">
      <HeroGlow className="inset-x-0 mx-auto h-[32rem] max-w-4xl" />
      <div className="mx-auto w-full max-w-xl px-5 pt-14 pb-24 sm:px-8 sm:pt-20">
        <div className={`${card} flex flex-col gap-6 p-5 sm:p-8`}>
          <Step signIn={signIn} />
        </div>
      </div>
    </div>
  )
}

function Step({ signIn }: { signIn: DeskSignInView }) {
  switch (signIn.step) {
    case 'opening':
    case 'checking':
    case 'signedIn':
      return <Waiting text={deskCopy.checking} />
    case 'openingLink':
      return <Waiting text={DESK_TEXTS.openingLink} />
    case 'openFailed':
      return <Failed signIn={signIn} heading={deskCopy.openFailedHeading} text={signIn.error} />
    case 'checkFailed':
      return <Failed signIn={signIn} heading={deskCopy.checkFailedHeading} text={DESK_TEXTS.loadFailed} />
    case 'notSetUp':
      return (
        <>
          <DeskStepHeading>{deskCopy.notSetUpHeading}</DeskStepHeading>
          <p className="text-slate-300">{DESK_TEXTS.notSetUp}</p>
        </>
      )
    case 'linkRefused':
      return (
        <>
          <DeskStepHeading>{DESK_TEXTS.signInHeading}</DeskStepHeading>
          <p className="text-slate-300">{DESK_TEXTS.linkRefused}</p>
          <div className={actionRow}>
            <button type="button" className={secondaryButton} disabled={!signIn.can.askNewLink} onClick={signIn.askNewLink}>
              {DESK_TEXTS.askNewLink}
            </button>
          </div>
        </>
      )
    case 'signedOut':
      return <SignIn signIn={signIn} />
    case 'sent':
      return (
        <>
          <DeskStepHeading>{DESK_TEXTS.signInHeading}</DeskStepHeading>
          <p role="status" className="text-slate-300">
            {DESK_TEXTS.linkSent}
          </p>
        </>
      )
  }
}

/** A request that failed for want of a connection (most likely): its sentence, and Retry. */
function Failed({ signIn, heading, text }: { signIn: DeskSignInView; heading: string; text: string | null }) {
  return (
    <>
      <DeskStepHeading>{heading}</DeskStepHeading>
      <p role="alert" className="text-slate-300">
        {text}
      </p>
      <div className={actionRow}>
        <button type="button" className={primaryButton} disabled={!signIn.can.retry} onClick={signIn.retry}>
          {DESK_TEXTS.retry}
        </button>
      </div>
    </>
  )
}

/** A request on its way: its sentence, announced, over a quiet pulse. */
function Waiting({ text }: { text: string }) {
  return (
    <div role="status" className="flex flex-col gap-4">
      <p className="text-2xl font-bold tracking-tight text-slate-300 sm:text-3xl">{text}</p>
      <div aria-hidden="true" className="h-11 w-full rounded-lg bg-white/8 motion-safe:animate-pulse" />
    </div>
  )
}
