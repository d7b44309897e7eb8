import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { keepFocusInside } from '../../lib/focusTrap'

export interface ModalDialogProps {
  id?: string
  className: string
  /** Id of the visible heading that names the dialog. */
  labelledBy?: string
  /** Accessible name when there is no visible heading. */
  label?: string
  onEscape: () => void
  onBackdropClick: () => void
  children: ReactNode
}

/**
 * A native modal <dialog>, shown while mounted: the page behind it is inert (focus cannot reach it,
 * the dialog sits in the top layer), Tab cycles inside, and Escape and backdrop clicks are reported to
 * the owning machine instead of closing the dialog by themselves.
 */
export function ModalDialog({ id, className, labelledBy, label, onEscape, onBackdropClick, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  // A press that starts inside (selecting text, say) and ends on the backdrop is not a backdrop click.
  const pressStartedOnBackdrop = useRef(false)

  useLayoutEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
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
