import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { keepFocusInside } from '../../lib/dom/focusTrap'

export interface ModalDialogProps {
  id?: string
  className: string
  /** Id of the visible heading that names the dialog. */
  labelledBy?: string
  /** Accessible name when there is no visible heading. */
  label?: string
  /**
   * For a dialog that stays on the page, closed, from the prerendered HTML on (the booking modal, which
   * its buttons open by themselves before the app runs): whether its machine has it open. Without it,
   * the dialog is open while it is mounted.
   */
  open?: boolean
  /** With `open`: how many times the machine has opened it (it counts each OPEN it takes). */
  opens?: number
  onEscape: () => void
  onBackdropClick: () => void
  children: ReactNode
}

/**
 * A native modal <dialog>: the page behind it is inert (focus cannot reach it, the dialog sits in the
 * top layer), Tab cycles inside, and Escape and backdrop clicks are reported to the owning machine
 * instead of closing the dialog by themselves.
 */
export function ModalDialog({ id, className, labelledBy, label, open = true, opens = 0, onEscape, onBackdropClick, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  // A press that starts inside (selecting text, say) and ends on the backdrop is not a backdrop click.
  const pressStartedOnBackdrop = useRef(false)
  // The machine's count of opens when the dialog was last seen shut.
  const opensWhenShut = useRef(opens)

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    // Only a close of the machine closes it: a dialog its button opened natively (before the machine's
    // code ran) stays open for the machine's OPEN, which that press sent and which is on its way. Counted,
    // not seen: the machine may take that OPEN and a close (an Escape) before the view renders it open.
    else if (!open && dialog.open && opens > opensWhenShut.current) dialog.close()
    if (!dialog.open) opensWhenShut.current = opens
  }, [open, opens])
  useLayoutEffect(() => {
    const dialog = ref.current
    return () => dialog?.close()
  }, [])

  return (
    <dialog
      ref={ref}
      id={id}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-label={label}
      className={className}
      onCancel={(e) => {
        e.preventDefault()
        onEscape()
      }}
      onPointerDown={(e) => {
        pressStartedOnBackdrop.current = e.target === e.currentTarget
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && pressStartedOnBackdrop.current) onBackdropClick()
        pressStartedOnBackdrop.current = false
      }}
      onKeyDown={(e) => keepFocusInside(e, e.currentTarget)}
    >
      {children}
    </dialog>
  )
}
