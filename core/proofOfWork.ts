/**
 * The proof of work a browser gives before a code is emailed (docs/email-codes.md#proof-of-work): the server's
 * challenge, as ALTCHA's v2 library writes it, rides on a 403 beside its sentence (code `proof_of_work_required`,
 * core/emailVerification.ts); the same request sent again with the solution in `altcha` lets the code go out. The
 * voice assistant's bookings never meet it.
 */
import * as v from 'valibot'

/**
 * The 403's sentence. The booking form solves the challenge and asks again by itself, so a visitor reads this only
 * when their browser could not (no Web Crypto, say, on a page not served over https).
 */
export const PROOF_OF_WORK_SENTENCE =
  'Before we email you a code, your browser needs to finish a quick security check. Please try again, in an up-to-date browser.'

/** ALTCHA's v2 challenge, checked as far as the solver reads it; its signature is the server's to verify. */
export const ProofOfWorkChallengeSchema = v.object({
  parameters: v.looseObject({
    algorithm: v.string(),
    nonce: v.string(),
    salt: v.string(),
    cost: v.number(),
    keyLength: v.number(),
    keyPrefix: v.string(),
    keySignature: v.optional(v.string()),
    expiresAt: v.optional(v.number()),
  }),
  signature: v.optional(v.string()),
})
export type ProofOfWorkChallenge = v.InferOutput<typeof ProofOfWorkChallengeSchema>

/**
 * ALTCHA's client payload, sent base64-encoded in the booking's `altcha` field as its widget sends it: the challenge
 * as it came, and the counter that solves it with the key it derives.
 */
export const ProofOfWorkPayloadSchema = v.object({
  challenge: ProofOfWorkChallengeSchema,
  solution: v.object({ counter: v.pipe(v.number(), v.integer(), v.minValue(0)), derivedKey: v.pipe(v.string(), v.regex(/^[0-9a-f]{1,128}$/)) }),
})
