/**
 * The voice widget's first-load copy (docs/design.md#pages, docs/design.md#states): the call button's labels and the consent notice.
 * The panel's lines are in ./voiceCallPanel, which loads with the widget's interactive part.
 */

/**
 * The floating button's first labels (docs/design.md#states), which the first-load shell shows. The call part has all of
 * them in ./voiceCallPanel, repeated rather than imported from here: a module both import would be
 * exported by the first-load chunk (tests/unit/voice/voiceContent.test.ts keeps them equal).
 */
export const startCallLabel = 'Start a call'
export const connectingLabel = 'Connecting...'

/** The smaller control beside the call button: the same assistant by text (shown only with voice settings). */
export const typeInsteadLabel = 'Type instead'

/** Shown beside the button until the visitor starts a first call: starting is the agreement. It covers typing too. */
export const consentNotice = {
  /** A call that books a meeting sends its summary to the team, so the notice says so. */
  text: "You'll talk or type with an AI assistant; calls may be recorded and messages stored. Our team gets a summary of each call.",
  linkLabel: 'How we handle calls and messages',
  /** A full page load on purpose: the notice only shows before any call, so none is cut off. */
  href: '/sms-info#ai-calls',
} as const
