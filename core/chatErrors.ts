/**
 * What the text conversation with the assistant says when a reply does not arrive (docs/design.md#voice, "Type or
 * talk"): one sentence per cause a visitor can act on, never a status code or the platform's JSON.
 */
export const CHAT_ERRORS = {
  /** 401 or 403: the site's public key is wrong, or not allowed from this site's address. */
  refused: "The assistant refused this site's key. Please try again later.",
  /** 429 */
  busy: 'The assistant is busy right now. Wait a minute, then press Retry.',
  /** fetch itself failed: offline, DNS, a blocked request. */
  unreachable: 'The assistant could not be reached. Check your connection, then press Retry.',
  /** The stream ended, or broke, before the platform's end marker. */
  cutOff: 'The reply was cut off. Press Retry to ask again.',
  /** Any other refusal (4xx, 5xx). */
  failed: 'The assistant could not answer just now. Press Retry to try again.',
} as const

export type ChatErrorCode = keyof typeof CHAT_ERRORS

/** The sentence for an HTTP status the platform answered /chat/web with (not 2xx). */
export function chatStatusError(status: number): string {
  if (status === 401 || status === 403) return CHAT_ERRORS.refused
  if (status === 429) return CHAT_ERRORS.busy
  return CHAT_ERRORS.failed
}
