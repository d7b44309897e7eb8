import { useMemo } from 'react'
import type { FocusReturnTarget } from '../../../machines/focusTarget'
import { afterNextPaint } from '../../lib/dom/pageEnvironment'
import { useBookingModalActor, type BookingModalActor } from '../providers/SiteActors'
import type { ConfirmedBooking } from './BookingForm'

/** The booking modal's <dialog>: on every page from the prerendered HTML on, so its buttons can open it by themselves. */
export const BOOKING_DIALOG_ID = 'booking-modal'

/**
 * Whether a press on `opener` shows the dialog by itself, before the machine hears of it: a button with an invoker
 * command (every Book a Call), in a browser that has them (elsewhere `commandForElement` is undefined).
 */
export function showsDialogItself(opener: unknown): boolean {
  return (opener as { commandForElement?: Element | null } | null)?.commandForElement != null
}

/** A Book a Call press the machine has not heard of yet: it is told after the frame that shows the dialog. The site has one modal. */
let unsentPress: (() => void) | null = null

function sendUnsentPress(): void {
  const send = unsentPress
  unsentPress = null
  send?.()
}

/** The site's booking modal, as named senders: no component builds event objects itself. */
export function useBookingModal() {
  const modal = useBookingModalActor()
  return useMemo(() => {
    // Every event goes after a press not yet told, so an Escape in that frame closes what the press opened.
    const send = (event: Parameters<BookingModalActor['send']>[0]) => {
      sendUnsentPress()
      modal.send(event)
    }
    return {
      /**
       * A press on a Book a Call button shows the dialog by itself (an invoker command), and the machine is told
       * once that frame is painted. Told at once, its render (the modal and what reads it) would come before the
       * dialog's first frame (docs/performance.md#the-dialog-first). Any other opener (or a browser without
       * invoker commands) shows the dialog when the machine opens it: told at once.
       */
      open: (opener: FocusReturnTarget | null) => {
        if (!showsDialogItself(opener)) return send({ type: 'OPEN', opener })
        sendUnsentPress()
        unsentPress = () => modal.send({ type: 'OPEN', opener })
        afterNextPaint(sendUnsentPress)
      },
      pressEscape: () => send({ type: 'ESCAPE_PRESSED' }),
      clickClose: () => send({ type: 'CLOSE_CLICKED' }),
      clickBackdrop: () => send({ type: 'BACKDROP_CLICKED' }),
      confirm: (booking: ConfirmedBooking) => send({ type: 'BOOKING_CONFIRMED', booking }),
      dismissToast: () => send({ type: 'TOAST_DISMISSED' }),
    }
  }, [modal])
}
