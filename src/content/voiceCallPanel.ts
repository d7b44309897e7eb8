/** The voice widget's panel copy, loaded with its interactive part (not in the first load). */
/** The floating button's label in each phase of the call (docs/design.md#states); the first two also in ./voice, for the shell. */
export const callButtonLabels = {
  idle: 'Start a call',
  connecting: 'Connecting...',
  active: 'End Call',
  ending: 'Ending...',
  error: 'Retry Call',
} as const

export const callPanelText = {
  title: 'Voice assistant',
  assistantSpeaking: 'Assistant is speaking',
  assistantListening: 'Assistant is listening',
  visitorSpeaking: 'You are speaking',
  visitorQuiet: 'You are not speaking',
  visitorMuted: 'You are muted',
  timer: 'Call time',
  mute: 'Mute',
  unmute: 'Unmute',
  cancel: 'Cancel',
  captions: 'Live captions',
} as const

/** Read out by screen readers as the call changes (the button's label changes with it). */
export const callStatusText = {
  idle: '',
  connecting: 'Connecting to the assistant',
  active: 'Call connected',
  ending: 'Ending the call',
  error: '',
} as const

/** The unconfigured build's panel: the assistant is not set up, a booking is. */
export const notSetUpText = {
  offer: 'You can book a call with our team instead.',
  book: 'Book a Call',
  close: 'Close',
} as const

/** The text conversation's panel ('Type instead'). */
export const chatPanelText = {
  title: 'Message the assistant',
  log: 'Conversation',
  empty: 'Ask about our services, or ask the assistant to book a call for you.',
  you: 'You',
  assistant: 'Assistant',
  typing: 'Assistant is typing…',
  message: 'Message',
  hint: 'Enter sends; Shift+Enter starts a new line.',
  send: 'Send',
  retry: 'Retry',
  close: 'Close',
} as const
