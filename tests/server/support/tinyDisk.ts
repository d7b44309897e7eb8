/**
 * A small tmpfs of its own for a test that needs a really full disk (ENOSPC where PGlite writes), without filling the
 * machine's. Mounting needs root; elsewhere `tinyDisk` resolves undefined and the test is skipped with a note.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TinyDisk {
  dir: string
  /** Writes a file until the disk has no byte left. */
  fill(): Promise<void>
  /** Deletes that file: the disk has room again. */
  free(): Promise<void>
  unmount(): Promise<void>
}

export async function tinyDisk(sizeMb: number): Promise<TinyDisk | undefined> {
  if (process.getuid?.() !== 0) return undefined
  const dir = await mkdtemp(join(tmpdir(), 'tiny-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir], { stdio: 'ignore' })
  } catch {
    await rm(dir, { recursive: true, force: true })
    return undefined
  }
  const filler = join(dir, 'filler')
  return {
    dir,
    async fill() {
      const file = await open(filler, 'a')
      const chunk = Buffer.alloc(64 * 1024)
      try {
        for (;;) await file.write(chunk)
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error
      } finally {
        await file.close()
      }
    },
    free: () => rm(filler, { force: true }),
    async unmount() {
      execFileSync('umount', [dir])
      await rm(dir, { recursive: true, force: true })
    },
  }
}
