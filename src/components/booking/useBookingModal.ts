import { useMemo } from 'react'
import type { FocusReturnTarget } from '../../../machines/focusTarget'
import { afterNextPaint } from '../../lib/dom/pageEnvironment'
import { useBookingModalActor, type BookingModalActor } from '../providers/SiteActors'
import type { ConfirmedBooking } from './BookingForm'

/** The booking modal's <dialog>: on every page from the prerendered HTML on, so its buttons can open it by themselves. */
export const BOOKING_DIALOG_ID = 'booking-modal'

/**
 * Whether a press on `opener` shows the dialog by itself, before the machine hears of it: a button with an invoker
 * command (every Book a Call), in a browser that has them.
 */
export function showsDialogItself(opener: unknown): boolean {
  return typeof HTMLButtonElement === 'function' && opener instanceof HTMLButtonElement && opener.hasAttribute('commandfor') && 'commandForElement' in opener
}

/** A Book a Call press the machine has not heard of yet, per modal actor: it is told after the frame that shows the dialog. */
const unsentPresses = new WeakMap<BookingModalActor, () => void>()

function sendUnsentPress(modal: BookingModalActor): void {
  const send = unsentPresses.get(modal)
  unsentPresses.delete(modal)
  send?.()
}

/** The site's booking modal, as named senders: no component builds event objects itself. */
export function useBookingModal() {
  const modal = useBookingModalActor()
  return useMemo(() => {
    // Every event goes after a press not yet told, so an Escape in that frame closes what the press opened.
    const send = (event: Parameters<BookingModalActor['send']>[0]) => {
      sendUnsentPress(modal)
      modal.send(event)
    }
    return {
      open: (opener: FocusReturnTarget | null) => send({ type: 'OPEN', opener }),
      /**
       * A Book a Call button's press: the button opens the dialog itself (an invoker command), and the machine is
       * told once that frame is painted. Told at once, its render (the modal and what reads it) would come before
       * the dialog's first frame (docs/performance.md#the-dialog-first). A browser without invoker commands
       * shows the dialog when the machine opens it: told at once.
       */
      pressOpener: (button: HTMLButtonElement) => {
        if (!showsDialogItself(button)) return send({ type: 'OPEN', opener: button })
        sendUnsentPress(modal)
        unsentPresses.set(modal, () => modal.send({ type: 'OPEN', opener: button }))
        afterNextPaint(() => sendUnsentPress(modal))
      },
      pressEscape: () => send({ type: 'ESCAPE_PRESSED' }),
      clickClose: () => send({ type: 'CLOSE_CLICKED' }),
      clickBackdrop: () => send({ type: 'BACKDROP_CLICKED' }),
      confirm: (booking: ConfirmedBooking) => send({ type: 'BOOKING_CONFIRMED', booking }),
      dismissToast: () => send({ type: 'TOAST_DISMISSED' }),
    }
  }, [modal])
}
