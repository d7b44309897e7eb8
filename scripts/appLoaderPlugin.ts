/**
 * Vite plugin (build only): the module <script>s Vite writes into index.html become one inline script
 * that imports them once the page has painted (src/boot/appLoader.ts). An external script, however
 * small, is a request the browser makes before the first paint; inline, the page fetches nothing for
 * scripts until it has painted. The server allows the inline script by its hash (server/http/securityHeaders.ts).
 */
import type { Plugin, Rollup } from 'vite'
import { loadAppAfterFirstPaint } from '../src/boot/appLoader.ts'

const moduleScript = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g
// Vite's preload links for the entry's imports: the loader adds them once the page has painted.
const modulePreload = /\s*<link rel="modulepreload"[^>]*>/g

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
 * a press on Book a Call then only runs its code).
 */
export function appLoaderPlugin({ fetchWhenIdle = [] }: { fetchWhenIdle?: string[] } = {}): Plugin {
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
      const later = fetchWhenIdle.flatMap((module) => {
        const file = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.facadeModuleId === `${root}/${module}`)?.fileName
        if (!file) throw new Error(`app-loader: ${module} is not a chunk of this build (fetchWhenIdle).`)
        return [file, ...staticImports([file], bundle)].filter((f) => !firstLoad.has(f))
      })
      const args = [entries, [...firstLoad].slice(entries.length), [...new Set(later)]].map((files) => JSON.stringify(files.map((file) => base + file)))
      const loader = `<script type="module">(${loadAppAfterFirstPaint.toString()})(${args.join(', ')})</script>`
      // The loader takes the first script's place; the others go.
      const [firstTag = '', ...otherTags] = scripts.map(([tag]) => tag)
      let source = html.replace(modulePreload, '').replace(firstTag, firstTag.replace(/<script[\s\S]*$/, loader))
      for (const tag of otherTags) source = source.replace(tag, '')
      page.source = source
    },
  }
}
