/** One of the proof of work's workers (./proofOfWork.ts): ALTCHA's solver with Web Crypto's PBKDF2. */
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import { handler } from 'altcha-lib/workers/shared'

handler({ deriveKey })
