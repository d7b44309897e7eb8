/**
 * HTML invoker commands: a button with `commandfor` (the id of a <dialog>) and `command` opens or
 * closes that dialog by itself, before any script of the page has run (the booking modal's buttons).
 * React passes these lowercase attributes through as they are; its types do not list them yet.
 */
import 'react'

declare module 'react' {
  // The type parameter must be named as React's own declaration names it, to merge with it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    commandfor?: string
    command?: 'show-modal' | 'close'
  }
}
