import { Fragment, type ReactNode } from 'react'
import { MANAGE_ERROR_TEXTS } from '../../../core/bookingErrors'
import { joinLinkOf } from '../../../core/callLocation'
import { closedReason } from '../../../machines/manageBooking'
import { manageCopy, manageHero } from '../../content/manageBooking'
import { formatSlot } from '../../lib/time/format'
import { AddToCalendar } from '../booking/AddToCalendar'
import { BookCallButton } from '../booking/BookCallButton'
import { HeroBadge, HeroGlow } from '../sections/PageHero'
import { card, primaryButton, secondaryButton } from '../sections/ui'
import { BookingSummary } from './BookingSummary'
import { CancelStep } from './CancelStep'
import { HowYouMeet } from './HowYouMeet'
import { RescheduleStep } from './RescheduleStep'
import { StepHeading } from './StepHeading'
import { actionRow } from './styles'
import { useManageBooking, type ManageBookingView } from './useManageBooking'

const narrow = 'mx-auto w-full max-w-3xl px-5 sm:px-8'

/**
 * The manage page of one booking: its hero, then the current step in a card. Prerendered
 * as a shell in its loading step; the booking itself is only ever fetched in the browser.
 */
export function ManageBooking({ uid }: { uid: string }) {
  const manage = useManageBooking(uid)
  return (
    // The glow sits behind the hero and the card alike, so it fades out instead of ending at an edge.
    <div className="relative overflow-hidden">
      <HeroGlow className="inset-x-0 mx-auto h-[32rem] max-w-4xl" />
      <div className={`${narrow} pt-14 pb-8 sm:pt-20 sm:pb-10`}>
        <HeroBadge>{manageHero.badge}</HeroBadge>
        <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl">{manageHero.title}</h1>
        <p className="mt-4 text-lg leading-8 text-pretty text-slate-300">{manageHero.lead}</p>
      </div>
      <div className={`${narrow} pb-24`}>
        <div className={`${card} flex flex-col gap-6 p-5 sm:p-8`}>
          <Step manage={manage} />
        </div>
      </div>
    </div>
  )
}

function Step({ manage }: { manage: ManageBookingView }) {
  const { booking } = manage
  switch (manage.step) {
    case 'loading':
      return <Loading />
    case 'loadFailed':
      return (
        <>
          <StepHeading>{manageCopy.loadFailed.heading}</StepHeading>
          <p role="alert" className="text-slate-300">
            {MANAGE_ERROR_TEXTS.load}
          </p>
          <div className={actionRow}>
            <button type="button" className={primaryButton} disabled={!manage.can.retry} onClick={manage.retry}>
              {manageCopy.loadFailed.retry}
            </button>
          </div>
        </>
      )
    case 'notFound':
      return (
        <>
          <StepHeading>{manageCopy.notFound.heading}</StepHeading>
          <p className="text-slate-300">{manageCopy.notFound.text}</p>
          <BookNewCall />
        </>
      )
    case 'readOnly': {
      const closed = booking ? manageCopy.readOnly[closedReason(booking)] : manageCopy.readOnly.past
      return (
        <BookingStep manage={manage} heading={closed.heading}>
          <p className="text-slate-300">{closed.text}</p>
          <BookNewCall />
        </BookingStep>
      )
    }
    case 'noticeClosed':
      return (
        <BookingStep manage={manage} heading={manageCopy.noticeClosed.heading}>
          {booking ? <AddToCalendar call={{ ...booking, videoCallUrl: joinLinkOf(booking) }} /> : null}
          <p className="rounded-lg border border-amber-300/30 bg-amber-400/10 px-4 py-3 text-amber-50">{manage.notice}</p>
        </BookingStep>
      )
    case 'loaded':
      return (
        <BookingStep manage={manage} heading={manageCopy.loaded.heading}>
          {booking ? <AddToCalendar call={{ ...booking, videoCallUrl: joinLinkOf(booking) }} /> : null}
          <ChangeActions manage={manage} />
        </BookingStep>
      )
    case 'confirmingCancel':
      return <CancelStep manage={manage} />
    case 'cancelled':
      return (
        <BookingStep manage={manage} heading={manageCopy.cancelled.heading}>
          <p className="text-slate-300">{manageCopy.cancelled.text}</p>
          <BookNewCall />
        </BookingStep>
      )
    case 'rescheduling':
      return <RescheduleStep manage={manage} />
    case 'rescheduled':
      return (
        <BookingStep manage={manage} heading={manageCopy.rescheduled.heading}>
          <p className="text-slate-300">
            {manage.movedFrom ? (
              <>
                {manageCopy.rescheduled.was} <span className="line-through decoration-slate-500">{formatSlot(manage.movedFrom, manage.display)}</span>.{' '}
              </>
            ) : null}
            {manageCopy.rescheduled.text}
          </p>
          {booking ? <AddToCalendar call={{ ...booking, videoCallUrl: joinLinkOf(booking) }} /> : null}
          <ChangeActions manage={manage} />
        </BookingStep>
      )
  }
}

/** A step about the booking itself: its heading, the booking's details, then what the step adds. */
function BookingStep({ manage, heading, children }: { manage: ManageBookingView; heading: string; children: ReactNode }) {
  return (
    <>
      <StepHeading>{heading}</StepHeading>
      {manage.booking ? <BookingSummary booking={manage.booking} display={manage.display} /> : null}
      {manage.booking ? <HowYouMeet booking={manage.booking} joinWindow={manage.joinWindow} /> : null}
      {children}
    </>
  )
}

/** Reschedule and Cancel this call, for a booking that can still change. */
function ChangeActions({ manage }: { manage: ManageBookingView }) {
  return (
    <div className={actionRow}>
      <button type="button" className={primaryButton} disabled={!manage.can.startReschedule} onClick={manage.startReschedule}>
        {manageCopy.actions.reschedule}
      </button>
      <button type="button" className={secondaryButton} disabled={!manage.can.startCancel} onClick={manage.startCancel}>
        {manageCopy.actions.cancel}
      </button>
    </div>
  )
}

/** 'Book a new call': the site's booking modal, which gives focus back here when it closes. */
function BookNewCall() {
  return (
    <div className={actionRow}>
      <BookCallButton from="manage">{manageCopy.actions.bookNew}</BookCallButton>
    </div>
  )
}

/** The prerendered shell's step: shaped like a loaded booking (heading, details, buttons), so little moves when it arrives. */
function Loading() {
  const pulse = 'bg-white/8 motion-safe:animate-pulse'
  const bar = `rounded-md ${pulse}`
  return (
    <div role="status" className="flex flex-col gap-6">
      <p className="text-2xl font-bold tracking-tight text-slate-300 sm:text-3xl">{manageCopy.loading}</p>
      <div aria-hidden="true" className="grid gap-x-6 gap-y-3 rounded-xl border border-white/10 bg-slate-950/40 p-4 sm:grid-cols-[auto_1fr] sm:p-5">
        {['w-4/5', 'w-3/5', 'w-2/5', 'w-1/4'].map((width, i) => (
          <Fragment key={width}>
            <div className="flex h-5 items-center">
              <div className={`h-3.5 w-14 ${bar}`} />
            </div>
            <div className={`-mt-2 flex items-center sm:mt-0 ${i === 0 ? 'h-12 sm:h-6' : 'h-5'}`}>
              <div className={`h-4 ${width} ${bar}`} />
            </div>
          </Fragment>
        ))}
      </div>
      <div aria-hidden="true" className={actionRow}>
        <div className={`h-11 rounded-full sm:w-36 ${pulse}`} />
        <div className={`h-11 rounded-full sm:w-44 ${pulse}`} />
      </div>
    </div>
  )
}
