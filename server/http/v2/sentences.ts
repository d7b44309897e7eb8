/**
 * What Cal.com's API v2 under /v2 says (docs/webhooks.md): read by the agency's automation tools and the people who
 * set them up, never by a visitor. A message names the field it is about.
 */
export const V2_SENTENCES = {
  notFound: 'Not found',
  webhookNotFound: 'No webhook with this id here.',
  eventTypeNotFound: 'No event type with this id.',
  unauthorized: 'A valid API key is required: Authorization: Bearer <API_KEY>.',
  rateLimited: 'Too many wrong API keys from this network. Please wait before trying again.',
  notJson: 'The request body must be JSON.',
  bodyObject: 'The request body must be a JSON object.',
  notJsonContentType: 'The request body must be JSON, sent with Content-Type: application/json.',
  tooLarge: 'The request is too large.',
  serverError: 'Something went wrong on our side. Please try again.',
  badPagination: 'take must be a whole number from 1 to 250, and skip a whole number from 0.',
  badId: 'The webhook id must be a whole number.',
  subscriberUrl: 'subscriberUrl must be a URL of at most 2048 characters.',
  triggers: 'triggers must be a list of Cal.com webhook triggers such as BOOKING_CREATED, BOOKING_RESCHEDULED, BOOKING_CANCELLED, MEETING_ENDED.',
  active: 'active must be true or false.',
  secret: 'secret must be text of 1 to 256 printable ASCII characters without spaces, or null.',
  payloadTemplate: 'payloadTemplate must be text of at most 8000 characters, or null.',
  full: (max: number) => `At most ${max} webhooks can be subscribed: delete one first.`,
} as const
