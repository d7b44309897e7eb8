/** Something to give focus back to (a button), without tying machines to the DOM's types. */
export interface FocusReturnTarget {
  focus: (options?: { preventScroll?: boolean }) => void
  readonly isConnected?: boolean
}
