/**
 * Where the server's log lines go: a file descriptor (stdout), written asynchronously, that never keeps
 * the process alive. Lines written while a write is under way go out together in the next one, so under
 * load many lines cost one write.
 *
 * Why not pino's own destination (SonicBoom): at exit it flushes synchronously, and a write that fails
 * there is retried every 100 ms for ever. With stdout's reader gone (EPIPE: `npm start | tee log` after
 * Ctrl-C, a log shipper that died) the process never exits. Here a write that fails ends logging for good,
 * a full pipe is retried on a timer (the thread is never blocked), and the last lines get a bounded wait.
 */
import { write } from 'node:fs'

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
  // Opening process.stdout makes a pipe on fd 1 non-blocking (libuv): a full pipe answers EAGAIN at once.
  // A blocking write would hold a thread of libuv's pool, and the process's exit waits for that thread.
  if (fd === 1) void process.stdout.writable
  let waiting: string[] = []
  let waitingChars = 0
  let writing = false
  let failed = false
  let flushed: (() => void)[] = []

  const settle = () => {
    for (const resolve of flushed) resolve()
    flushed = []
  }

  const writeOut = (chunk: Buffer) => {
    write(fd, chunk, (error, written) => {
      if (error?.code === 'EAGAIN') {
        setTimeout(() => writeOut(chunk), RETRY_MS).unref()
        return
      }
      if (error) {
        // EPIPE, EBADF, EIO...: nobody reads stdout any more; logging ends, the process goes on.
        failed = true
        waiting = []
        waitingChars = 0
        writing = false
        settle()
        return
      }
      if (written < chunk.length) return writeOut(chunk.subarray(written))
      writing = false
      next()
    })
  }

  const next = () => {
    if (writing || failed) return
    if (waiting.length === 0) return settle()
    writing = true
    const chunk = Buffer.from(waiting.join(''))
    waiting = []
    waitingChars = 0
    writeOut(chunk)
  }

  return {
    write(line) {
      if (failed || waitingChars + line.length > MAX_WAITING_CHARS) return true
      waiting.push(line)
      waitingChars += line.length
      next()
      return true
    },
    flushWithin(withinMs) {
      if (failed || (!writing && waiting.length === 0)) return Promise.resolve()
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
