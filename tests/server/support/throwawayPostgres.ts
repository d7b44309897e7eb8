/**
 * A PostgreSQL cluster of the test's own, on a free port, that the test may stop, start, freeze and thaw (as .ci/run
 * starts the shared one: initdb and pg_ctl, as the postgres user when run as root). Never the server of
 * TEST_DATABASE_URL, which other tests share.
 */
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './serverProcess'

export interface ThrowawayPostgres {
  url: string
  start(): void
  /** `pg_ctl stop -m immediate`: every connection is cut mid-stream, as a crash or a kill would. */
  stop(): void
  /** SIGSTOP to every process of the cluster: connections stay open and nothing answers. */
  freeze(): void
  thaw(): void
  dispose(): Promise<void>
}

function binDir(): string {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : []
  const found = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).filter((dir) => existsSync(join(dir, 'initdb'))).at(-1)
  if (!found) throw new Error('No PostgreSQL binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)')
  return found
}

export async function throwawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir()
  const dir = await mkdtemp(join(tmpdir(), 'throwaway-postgres-'))
  const data = join(dir, 'data')
  const root = process.getuid?.() === 0
  if (root) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })))
  const run = (program: string, args: string[]) =>
    execFileSync(root ? 'runuser' : join(bin, program), root ? ['-u', 'postgres', '--', join(bin, program), ...args] : args, { stdio: 'ignore' })
  const port = await freePort()
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'])
  /** The postmaster and its children (the backends, the checkpointer…). */
  const processes = () => {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
    const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number)
    return [postmaster, ...children]
  }
  const signal = (name: NodeJS.Signals) => {
    for (const pid of processes()) process.kill(pid, name)
  }
  const cluster: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']),
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    async dispose() {
      if (existsSync(join(data, 'postmaster.pid'))) {
        cluster.thaw()
        cluster.stop()
      }
      await rm(dir, { recursive: true, force: true })
    },
  }
  cluster.start()
  return cluster
}
