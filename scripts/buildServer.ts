/**
 * The server as plain JavaScript for `node`: server/main.ts, scripts/bookings.ts, scripts/leads.ts, scripts/calendar.ts, scripts/webhooks.ts and the calendar worker bundled by esbuild
 * into <dist>/server/, the SQL migrations beside them. Packages stay imports, resolved from node_modules
 * at run time, and each must be one of package.json's `dependencies`: a production install
 * (`npm ci --omit=dev`) has nothing else.
 */
import { build } from 'esbuild'
import { cp, readFile, rm } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/** Throws when a bundle imports a package that a production install would not have. */
export async function assertRuntimeDependencies(specifiers: Iterable<string>, bundle: string): Promise<void> {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }
  const dependencies = new Set(Object.keys(pkg.dependencies ?? {}))
  const builtins = new Set(builtinModules)
  const missing = new Set<string>()
  for (const specifier of specifiers) {
    if (specifier.startsWith('node:') || specifier.startsWith('.') || specifier.startsWith('/')) continue
    const name = packageName(specifier)
    if (!builtins.has(name) && !dependencies.has(name)) missing.add(name)
  }
  if (missing.size > 0) {
    throw new Error(
      `${bundle} imports ${[...missing].join(', ')} at run time, which ${missing.size === 1 ? 'is' : 'are'} not in package.json's dependencies: ` +
        'a production install (npm ci --omit=dev) would not have it. Move it to dependencies or stop importing it there.',
    )
  }
}

export async function buildServer(distDir: string): Promise<void> {
  const outdir = join(distDir, 'server')
  await rm(outdir, { recursive: true, force: true })
  const result = await build({
    absWorkingDir: root,
    // The calendar worker is a file of its own: server/calendar/expandInWorker.ts starts it beside the bundle.
    entryPoints: { main: 'server/main.ts', bookings: 'scripts/bookings.ts', leads: 'scripts/leads.ts', calendar: 'scripts/calendar.ts', webhooks: 'scripts/webhooks.ts', calendarWorker: 'server/calendar/calendarWorker.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
  })
  const imports = Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports.filter((i) => i.external).map((i) => i.path),
  )
  await assertRuntimeDependencies(imports, 'The server bundle')
  // server/db/migrate.ts reads its migrations beside itself: <dist>/server/migrations once bundled.
  await cp(join(root, 'server/db/migrations'), join(outdir, 'migrations'), { recursive: true })
}
