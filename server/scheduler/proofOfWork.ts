/**
 * The proof of work asked of a browser before a code is emailed (docs/email-codes.md#proof-of-work), with ALTCHA's
 * library: a challenge signed with the server's secret, and a payload checked against it and spent once. The work
 * grows with the hour's code emails, so a flood pays more for each one.
 */
import { createHmac, randomInt } from 'node:crypto'
import { createChallenge, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import * as v from 'valibot'
import { ProofOfWorkPayloadSchema, type ProofOfWorkChallenge } from '../../core/proofOfWork'

/** PBKDF2 rounds per try: one Web Crypto call a try, about 0.2 ms on a desktop and 1 ms on a low-end phone. */
const PROOF_COST = 1_000
const ALGORITHM = 'PBKDF2/SHA-256'
/** How many times the tries at most, when the hour's code emails are used up. */
const PROOF_LOAD_FACTOR = 4
/** How long a challenge may be solved and sent. */
const PROOF_MINUTES = 10

export interface SpentProofs {
  /** Marks the challenge of `nonce` spent until `expiresAt`; false if it already was. */
  spend(nonce: string, expiresAt: Date): Promise<boolean>
}

/**
 * `tries`: what a quiet hour's challenge takes on average (BOOKING_VERIFY_PROOF_TRIES); each is drawn within a third
 * of it either way, so no two cost the same.
 */
export function proofOfWork({ secret, spent, tries }: { secret: string; spent: SpentProofs; tries: number }) {
  // Labelled, so the server's one secret serves each purpose apart (as the codes' and the video rooms').
  const label = (purpose: string) => createHmac('sha256', secret).update(`proof-of-work:${purpose}`).digest('hex')
  const secrets = () => ({ hmacSignatureSecret: label('challenge'), hmacKeySignatureSecret: label('key') })

  return {
    /** A new challenge; `load`, the share of the hour's code emails sent (0 to 1), raises its work. */
    challenge(load: number): Promise<ProofOfWorkChallenge> {
      const factor = 1 + (PROOF_LOAD_FACTOR - 1) * Math.min(1, Math.max(0, load))
      return createChallenge({
        algorithm: ALGORITHM,
        cost: PROOF_COST,
        // The browser counts up from 0 to this counter: it is the work.
        counter: Math.round(randomInt(Math.round((tries * 2) / 3), Math.round((tries * 4) / 3) + 1) * factor),
        deriveKey,
        expiresAt: new Date(Date.now() + PROOF_MINUTES * 60_000),
        ...secrets(),
      }) as Promise<ProofOfWorkChallenge>
    },

    /** Whether `payload` solves a challenge of ours, unexpired and not spent before; it is spent now. */
    async verify(payload: string | undefined): Promise<boolean> {
      if (payload === undefined) return false
      const parsed = v.safeParse(ProofOfWorkPayloadSchema, parseBase64Json(payload))
      if (!parsed.success) return false
      const { challenge, solution } = parsed.output
      // Only what this server issues: a forged cost or algorithm would fail the signature anyway, but is not even hashed.
      if (challenge.parameters.algorithm !== ALGORITHM || challenge.parameters.cost !== PROOF_COST) return false
      const result = await verifySolution({ challenge, solution, deriveKey, ...secrets() })
      if (!result.verified || challenge.parameters.expiresAt === undefined) return false
      return spent.spend(challenge.parameters.nonce, new Date(challenge.parameters.expiresAt * 1000))
    },
  }
}

export type ProofOfWork = ReturnType<typeof proofOfWork>

function parseBase64Json(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, 'base64').toString('utf8'))
  } catch {
    return undefined
  }
}
