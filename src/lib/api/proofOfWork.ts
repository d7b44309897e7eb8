/**
 * Solves the server's proof-of-work challenge (docs/email-codes.md#proof-of-work) with ALTCHA's library, in Web
 * Workers so the page stays responsive: a file of its own, loaded only when a challenge comes.
 */
import { solveChallengeWorkers } from 'altcha-lib'
import * as v from 'valibot'
import { ProofOfWorkChallengeSchema } from '../../../core/proofOfWork'

/** At most this many workers: the work is small, and a phone has other things to do. */
const MAX_WORKERS = 4
/** A challenge not solved by then is given up: the server's sentence shows instead. */
const GIVE_UP_MS = 60_000

/** ALTCHA's payload for the booking's `altcha` field, or undefined when the challenge cannot be solved here. */
export async function solveProofOfWork(challenge: unknown, signal?: AbortSignal): Promise<string | undefined> {
  const checked = v.safeParse(ProofOfWorkChallengeSchema, challenge)
  // Web Crypto is there only on https pages (and localhost): without it there is nothing to solve with.
  if (!checked.success || globalThis.crypto?.subtle === undefined) return undefined
  const controller = new AbortController()
  signal?.addEventListener('abort', () => controller.abort(), { once: true })
  try {
    const solution = await solveChallengeWorkers({
      challenge: checked.output,
      concurrency: Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1),
      controller,
      timeout: GIVE_UP_MS,
      createWorker: () => new Worker(new URL('./proofOfWorkWorker.ts', import.meta.url), { type: 'module', name: 'proof of work' }),
    })
    signal?.throwIfAborted()
    return solution ? btoa(JSON.stringify({ challenge: checked.output, solution })) : undefined
  } catch (error) {
    if (signal?.aborted) throw error
    return undefined
  }
}
