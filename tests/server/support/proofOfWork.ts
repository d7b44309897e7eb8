/**
 * Solves the server's proof of work as a browser does (src/lib/api/proofOfWork.ts), with ALTCHA's solver and Node's
 * PBKDF2: the tests then send the booking again with the payload, like the form.
 */
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'

/** ALTCHA's payload for `altcha`: base64 of `{ challenge, solution }`. */
export async function solvedProof(challenge: unknown): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey })
  if (!solution) throw new Error('the proof of work was not solved in time')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}
