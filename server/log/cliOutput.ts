/**
 * For command-line programs (`npm run bookings`, and any like it): when the reader of their output goes
 * away (`| head -1`, a pager closed early, a terminal gone), the rest of the output is dropped and the
 * program finishes as it would, closing its database and releasing its lock, and exits with its own code.
 * Without this, the write's EPIPE is an unhandled 'error' event: a stack trace, exit 1, and the program's
 * `finally` blocks never run.
 */
export function dropOutputWhenReaderGoes(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      // The stream is destroyed now: later writes are dropped without a word.
      if (error.code === 'EPIPE') return
      throw error
    })
  }
}
