/**
 * Where the server's log lines go: a file descriptor (stdout), never a reason for the process to stay.
 * Lines go out in batches, BATCH_MS after the first of them, in one write from the main thread: under
 * load hundreds of lines cost one system call, and no thread is woken for them (writing through libuv's
 * thread pool woke a thread, and then the loop, for every batch; a write at the end of each turn of the
 * loop was still a system call every request or two: both a large part of a cached slots answer's
 * time under load). flushWithin writes what waits at once.
 *
 * Why not pino's own destination (SonicBoom): at exit it flushes synchronously, and a write that fails
 * there is retried every 100 ms for ever. With stdout's reader gone (EPIPE: `npm start | tee log` after
 * Ctrl-C, a log shipper that died) the process never exits. Here a write that fails ends logging for good,
 * a full pipe is retried on a timer (the thread is never blocked: the pipe does not block, see below),
 * and the last lines get a bounded wait.
 */
import { writeSync } from 'node:fs'

/** How long a line may wait for others to go out with. */
const BATCH_MS = 10
/** A full pipe is tried again this often. */
const RETRY_MS = 20
/** While stdout does not read, lines beyond this many characters waiting are dropped. */
const MAX_WAITING_CHARS = 8 * 1024 * 1024

export interface StdoutLog {
  /** pino's destination: one line. */
  write(line: string): boolean
  /** Resolves once every line written so far is out, or stdout has failed, or after `withinMs`. */
  flushWithin(withinMs: number): Promise<void>
}

export function stdoutLog(fd = 1): StdoutLog {
  // Opening process.stdout makes a pipe on fd 1 non-blocking (libuv): a full pipe answers EAGAIN at once
  // instead of holding the thread. (A file takes the bytes into the page cache.)
  if (fd === 1) void process.stdout.writable
  let waiting: string[] = []
  let waitingChars = 0
  /** Bytes taken from `waiting` that stdout has not accepted yet (a full pipe took part or none). */
  let unwritten: Buffer | undefined
  /** The write that is due: BATCH_MS after a line, or RETRY_MS after the pipe was full. */
  let due: NodeJS.Timeout | undefined
  let failed = false
  let flushed: (() => void)[] = []

  const settle = () => {
    for (const resolve of flushed) resolve()
    flushed = []
  }

  const writeOut = () => {
    clearTimeout(due)
    due = undefined
    while (!failed) {
      if (!unwritten) {
        if (waiting.length === 0) return settle()
        unwritten = Buffer.from(waiting.join(''))
        waiting = []
        waitingChars = 0
      }
      try {
        const written = writeSync(fd, unwritten)
        unwritten = written < unwritten.length ? unwritten.subarray(written) : undefined
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
          // Unref'd: a pipe nobody reads is no reason to stay.
          due = setTimeout(writeOut, RETRY_MS).unref()
          return
        }
        // EPIPE, EBADF, EIO...: nobody reads stdout any more; logging ends, the process goes on.
        failed = true
        unwritten = undefined
        waiting = []
        waitingChars = 0
        settle()
      }
    }
  }

  return {
    write(line) {
      if (failed || waitingChars + line.length > MAX_WAITING_CHARS) return true
      waiting.push(line)
      waitingChars += line.length
      due ??= setTimeout(writeOut, BATCH_MS)
      return true
    },
    flushWithin(withinMs) {
      // Lines waiting for their batch go now; a full pipe keeps its retry.
      if (!failed && !unwritten && waiting.length > 0) writeOut()
      if (failed || (!unwritten && waiting.length === 0)) return Promise.resolve()
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, withinMs)
        flushed.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    },
  }
}
