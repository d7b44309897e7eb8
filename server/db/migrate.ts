import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Backend } from './sql'

/** Beside this file: <dist>/server/migrations once bundled (scripts/buildServer.ts copies them there). */
const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations')

/**
 * Applies the files of server/db/migrations in name order, each once, recorded in
 * `schema_migrations`. An advisory lock keeps two starting instances from applying the same file.
 */
export const migrationFiles = async () => (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort()

export async function migrate(backend: Backend): Promise<string[]> {
  const files = await migrationFiles()
  return backend.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock(727274)')
    await sql.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const done = new Set((await sql.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version))
    const applied: string[] = []
    for (const file of files) {
      if (done.has(file)) continue
      await sql.exec(await readFile(join(MIGRATIONS_DIR, file), 'utf8'))
      await sql.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file])
      applied.push(file)
    }
    return applied
  })
}
