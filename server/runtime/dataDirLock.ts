/**
 * PGlite opens its files from one process only: a second process on the same directory (say
 * `npm run bookings` while the server runs) would corrupt them. Whoever opens DATA_DIR first writes
 * DATA_DIR/pglite.lock with its pid; the next one refuses with a message that names the holder. A lock
 * whose process is gone (killed, crashed) is stale and taken over.
 *
 * It guards one machine: a pid means nothing on another host or in another container. PostgreSQL
 * (DATABASE_URL) is the answer for more than one process.
 */
import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

export const LOCK_FILE = 'pglite.lock'

interface LockContent {
  pid: number
  hostname: string
  /** What holds it: `server`, `bookings`. */
  holder: string
  since: string
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockContent,
  ) {
    super(
      `${dataDir} is in use by the ${owner.holder} (pid ${owner.pid} on ${owner.hostname}, since ${owner.since}). ` +
        'PGlite opens its files from one process only. Stop that process first; while the server runs, read the ' +
        'bookings through it (GET /api/bookings.ics with ADMIN_TOKEN); for several processes use PostgreSQL (DATABASE_URL). ' +
        `If no such process exists, delete ${join(dataDir, LOCK_FILE)}.`,
    )
    this.name = 'DataDirLockedError'
  }
}

export interface DataDirLock {
  path: string
  /** The holder of a stale lock this one replaced (its process was gone): worth a line in the log. */
  replaced?: { pid: number; holder: string; since: string }
  /** Removes the lock if it is still ours (synchronous, so it can run on process exit). */
  release(): void
}

/** Whether `pid` is a live process that could hold the lock (a node process, where /proc tells). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  try {
    // Pids are reused: after a reboot or in a new container the number may be some other program.
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node')
  } catch {
    return true
  }
}

function readLock(path: string): LockContent | undefined {
  try {
    const content = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>
    if (typeof content.pid !== 'number') return undefined
    return { pid: content.pid, hostname: String(content.hostname), holder: String(content.holder), since: String(content.since) }
  } catch {
    return undefined
  }
}

export function lockDataDir(
  dataDir: string,
  holder: string,
  { pid = process.pid, isAlive = processIsAlive }: { pid?: number; isAlive?: (pid: number) => boolean } = {},
): DataDirLock {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, LOCK_FILE)
  const mine: LockContent = { pid, hostname: hostname(), holder, since: new Date().toISOString() }
  let replaced: LockContent | undefined
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number
    try {
      fd = openSync(path, 'wx')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readLock(path)
      // Our own pid in the file is a lock left by an earlier run of this container or machine.
      if (owner && owner.pid !== pid && isAlive(owner.pid)) throw new DataDirLockedError(dataDir, owner)
      // Stale (its process is gone) or unreadable (a crash while writing it): take it over.
      replaced = owner
      try {
        unlinkSync(path)
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError
      }
      continue
    }
    try {
      writeSync(fd, JSON.stringify(mine))
    } finally {
      closeSync(fd)
    }
    // Two processes taking over one stale lock at once: the one whose pid is not in the file backs off.
    const written = readLock(path)
    if (!written || written.pid !== pid) throw new DataDirLockedError(dataDir, written ?? mine)
    return {
      path,
      ...(replaced && { replaced: { pid: replaced.pid, holder: replaced.holder, since: replaced.since } }),
      release() {
        if (readLock(path)?.pid === pid) {
          try {
            unlinkSync(path)
          } catch {
            // Already gone.
          }
        }
      },
    }
  }
  throw new Error(`Could not lock ${dataDir}: ${path} keeps changing`)
}
