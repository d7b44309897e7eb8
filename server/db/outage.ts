/**
 * Whether a failed database call is an outage, one that passes by itself (docs/operations.md#outages): the database
 * cannot be reached, has stopped, is too slow to answer, or has no disk space left. Such a failure is answered 503 with
 * Retry-After, never 500, and `/readyz` names it; any other error stays a bug (500).
 */
import { statfs } from 'node:fs/promises'

/** What is out: the database (unreachable, stopped, frozen, out of connections) or the disk it writes to. */
export type Outage = 'database' | 'disk'

/** SQLSTATEs of a full disk: disk_full, and the operating system's "No space left on device" as an I/O error. */
const DISK_SQLSTATES = new Set(['53100'])
/**
 * SQLSTATE classes and codes of a database that is going or gone: connection exceptions (08), insufficient resources
 * (53: out of memory, too many connections), a statement cancelled by its timeout (57014), the server shutting down or
 * starting (57P01–57P04), a system or I/O error (58).
 */
const DATABASE_SQLSTATE = /^(08|53|57P0|58)|^57014$/
/** The operating system's codes for a database out of reach, and for a full disk where PGlite writes. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT'])
/** node-postgres and its pool give these without a code: the server went away, never answered, or no connection came. */
const PG_MESSAGES = [
  'Connection terminated',
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'is not queryable',
]

function outageOfOne(error: object): Outage | undefined {
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (DISK_SQLSTATES.has(code) || DISK_CODES.has(code)) return 'disk'
    if (DATABASE_SQLSTATE.test(code) || NETWORK_CODES.has(code)) return 'database'
  }
  const message = (error as { message?: unknown }).message
  if (typeof message === 'string' && PG_MESSAGES.some((text) => message.startsWith(text) || message.endsWith(text))) return 'database'
  return undefined
}

/** The outage behind `error` (or its causes), if it is one. */
export function outageOf(error: unknown): Outage | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const found = outageOfOne(current)
    if (found) return found
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** Below this much free space where PGlite writes, its disk counts as full: a booking could not extend its tables. */
export const MIN_FREE_BYTES = 1024 * 1024

/** Throws an ENOSPC error when the file system of `dir` has less than MIN_FREE_BYTES free for this process. */
export async function checkFreeSpace(dir: string): Promise<void> {
  const stats = await statfs(dir)
  const free = stats.bavail * stats.bsize
  if (free < MIN_FREE_BYTES)
    throw Object.assign(new Error(`The data directory's disk is full (${free} bytes free, at least ${MIN_FREE_BYTES} needed)`), { code: 'ENOSPC' })
}
