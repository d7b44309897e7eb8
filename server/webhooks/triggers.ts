/**
 * Cal.com's webhook trigger names (its `WebhookTriggerEvents`). A subscription may name any of them, so a tool's
 * Cal.com trigger subscribes unchanged; this site sends the five of SENT_TRIGGERS (docs/webhooks.md#events).
 */
export const CALCOM_TRIGGERS = [
  'BOOKING_CREATED',
  'BOOKING_RESCHEDULED',
  'BOOKING_CANCELLED',
  'BOOKING_REQUESTED',
  'BOOKING_REJECTED',
  'BOOKING_PAYMENT_INITIATED',
  'BOOKING_PAID',
  'BOOKING_NO_SHOW_UPDATED',
  'MEETING_STARTED',
  'MEETING_ENDED',
  'RECORDING_READY',
  'RECORDING_TRANSCRIPTION_GENERATED',
  'INSTANT_MEETING',
  'OOO_CREATED',
  'AFTER_HOSTS_CAL_VIDEO_NO_SHOW',
  'AFTER_GUESTS_CAL_VIDEO_NO_SHOW',
  'FORM_SUBMITTED',
  'FORM_SUBMITTED_NO_EVENT',
  'ROUTING_FORM_FALLBACK_HIT',
  'DELEGATION_CREDENTIAL_ERROR',
  'WRONG_ASSIGNMENT_REPORT',
] as const

export type CalcomTrigger = (typeof CALCOM_TRIGGERS)[number]

/** What this site sends. */
export const SENT_TRIGGERS = ['BOOKING_CREATED', 'BOOKING_RESCHEDULED', 'BOOKING_CANCELLED', 'MEETING_ENDED', 'BOOKING_NO_SHOW_UPDATED'] as const

export type SentTrigger = (typeof SENT_TRIGGERS)[number]

/** Cal.com's X-Cal-Webhook-Version: the payload's shape, the only one there is. */
export const CALCOM_WEBHOOK_VERSION = '2021-10-20'
