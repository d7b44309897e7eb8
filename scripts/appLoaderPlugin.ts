/**
 * Vite plugin (build only): the module <script>s Vite writes into index.html become one inline script
 * that imports them once the page has painted (src/boot/appLoader.ts). An external script, however
 * small, is a request the browser makes before the first paint; inline, the page fetches nothing for
 * scripts until it has painted. The server allows the inline script by its hash (server/http/securityHeaders.ts).
 */
import { readFileSync } from 'node:fs'
import { transformSync } from 'esbuild'
import type { Plugin, Rollup } from 'vite'

const moduleScript = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g
// Vite's preload links for the entry's imports: the loader adds them once the page has painted.
const modulePreload = /\s*<link rel="modulepreload"[^>]*>/g

/** A file this large (raw; about 10 KB compressed) takes longer to arrive on slow 4G than a round trip. */
const LARGE_FILE_BYTES = 32 * 1024

/** The file name Vite gives a worker's bundle: `assets/<module's name>-<hash>.js`. */
const workerFileOf = (module: string) => new RegExp(`^assets/${module.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '')}-[\\w-]+\\.js$`)

/** The files these chunks import statically, directly or not, besides themselves. */
function staticImports(fileNames: string[], bundle: Rollup.OutputBundle): string[] {
  const seen = new Set<string>(fileNames)
  const found: string[] = []
  const visit = (fileName: string) => {
    const chunk = bundle[fileName]
    if (chunk?.type !== 'chunk') return
    for (const imported of chunk.imports) {
      if (seen.has(imported)) continue
      seen.add(imported)
      found.push(imported)
      visit(imported)
    }
  }
  fileNames.forEach(visit)
  return found
}

/**
 * `fetchWhenIdle`: modules (paths from the project's root) whose files, with everything they import, the
 * loader fetches once the app has run and the browser is idle, without running them (the booking form:
 * a press on Book a Call then only runs its code), or sooner for a button pressed before the app ran. A
 * worker's module names its one file (it is then in the browser's cache when the page starts the worker).
 * `firstSlotsAtPress`: the first slots' worker's module and the key of the remembered zone, for the loader to ask
 * at a press before the app has run.
 */
export function appLoaderPlugin({
  fetchWhenIdle = [],
  firstSlotsAtPress,
}: { fetchWhenIdle?: string[]; firstSlotsAtPress?: { worker: string; zoneKey: string } } = {}): Plugin {
  let base = '/'
  let root = ''
  return {
    name: 'app-loader',
    apply: 'build',
    // After Vite has written index.html, when every file has its final name.
    enforce: 'post',
    configResolved(config) {
      base = config.base
      root = config.root
    },
    generateBundle(_, bundle) {
      const page = bundle['index.html']
      if (page?.type !== 'asset') return
      const html = String(page.source)
      const scripts = [...html.matchAll(moduleScript)]
      const entries = scripts.map(([, src]) => (src ?? '').slice(base.length))
      if (entries.length === 0 || entries.some((file) => bundle[file]?.type !== 'chunk'))
        throw new Error(`app-loader: index.html's module scripts (${entries.join(', ')}) are not all chunks of this build.`)
      const firstLoad = new Set([...entries, ...staticImports(entries, bundle)])
      // A worker is built apart, into one file Vite names after its module, and emitted here as an asset.
      const workerFile = (module: string) =>
        Object.values(bundle).find((asset) => asset.type === 'asset' && workerFileOf(module).test(asset.fileName))?.fileName
      const later = fetchWhenIdle.flatMap((module) => {
        const file = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.facadeModuleId === `${root}/${module}`)?.fileName
        if (file) return [file, ...staticImports([file], bundle)].filter((f) => !firstLoad.has(f))
        const worker = workerFile(module)
        if (!worker) throw new Error(`app-loader: ${module} is neither a chunk nor a worker of this build (fetchWhenIdle).`)
        return [worker]
      })
      const pressWorker = firstSlotsAtPress && workerFile(firstSlotsAtPress.worker)
      if (firstSlotsAtPress && !pressWorker) throw new Error(`app-loader: ${firstSlotsAtPress.worker} is not a worker of this build (firstSlotsAtPress).`)
      // The large files first, then the others in the order the page needs them (the slots' worker, the store of
      // its answer, the site's machines, the form). Over HTTP/1.1 a browser fetches six files at a time from one
      // host: a large file that waited behind small ones would start late and arrive last, while a small file
      // costs a round trip more than its bytes, so the small ones share the other connections
      // (docs/performance.md#a-press-before-the-app-has-run).
      const size = (file: string) => {
        const output = bundle[file]
        return output?.type === 'chunk' ? output.code.length : (output?.source.length ?? 0)
      }
      const unique = [...new Set(later)]
      const large = unique.filter((file) => size(file) >= LARGE_FILE_BYTES).sort((a, b) => size(b) - size(a))
      const laterInOrder = [...large, ...unique.filter((file) => !large.includes(file))]
      const files = [entries, [...firstLoad].slice(entries.length), laterInOrder].map((list) => list.map((file) => base + file))
      const firstSlots = firstSlotsAtPress && pressWorker ? [[base + pressWorker, firstSlotsAtPress.zoneKey]] : []
      const args = [...files, ...firstSlots].map((arg) => JSON.stringify(arg))
      // Minified: every page carries it, and it counts in the first load (docs/design.md#budgets: 115 KB).
      // Compiled here from its source, not taken from this config's bundle, whose import() carries an interop
      // helper the page would load for nothing.
      const loaderSource = transformSync(readFileSync(`${root}/src/boot/appLoader.ts`, 'utf8'), { loader: 'ts' }).code
      const body = `${loaderSource.replace(/^export function /m, 'function ')}\nloadAppAfterFirstPaint(${args.join(', ')})`
      const code = transformSync(`(() => {${body}})()`, { minify: true, loader: 'js' }).code.trim()
      const loader = `<script type="module">${code}</script>`
      // The loader takes the first script's place; the others go.
      const [firstTag = '', ...otherTags] = scripts.map(([tag]) => tag)
      let source = html.replace(modulePreload, '').replace(firstTag, firstTag.replace(/<script[\s\S]*$/, loader))
      for (const tag of otherTags) source = source.replace(tag, '')
      page.source = source
    },
  }
}
