/**
 * The ids of elements that focus is moved to from elsewhere (the machines' focus actions, src/lib/focus.ts): apart
 * from the focus helpers, so the first-load voice shell that names them does not carry those helpers.
 */

/** The voice widget's call button: its call part takes the focus over from the first-load shell's button by this id. */
export const CALL_BUTTON_ID = 'voice-call-button'

/** The text conversation's panel and its Message box ('Type instead' controls the one, opening focuses the other). */
export const CHAT_PANEL_ID = 'voice-chat-panel'
/** 'Type instead' (one at a time: beside the call button, or in the error box). */
export const TYPE_INSTEAD_ID = 'voice-type-instead'
export const CHAT_MESSAGE_ID = 'voice-chat-message'

/** The booking toast's first line: focus goes there when it appears (docs/booking.md#confirmation). */
export const BOOKING_TOAST_FIRST_LINE_ID = 'booking-toast-first-line'
