/**
 * Vite plugin (build only): the module <script>s Vite writes into index.html become one inline script
 * that imports them once the page has painted (src/lib/appLoader.ts). An external script, however
 * small, is a request the browser makes before the first paint; inline, the page fetches nothing for
 * scripts until it has painted. The server allows the inline script by its hash (server/http/securityHeaders.ts).
 */
import type { Plugin, Rollup } from 'vite'
import { loadAppAfterFirstPaint } from '../src/lib/appLoader.ts'

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

export function appLoaderPlugin(): Plugin {
  let base = '/'
  return {
    name: 'app-loader',
    apply: 'build',
    // After Vite has written index.html, when every file has its final name.
    enforce: 'post',
    configResolved(config) {
      base = config.base
    },
    generateBundle(_, bundle) {
      const page = bundle['index.html']
      if (page?.type !== 'asset') return
      const html = String(page.source)
      const scripts = [...html.matchAll(moduleScript)]
      const entries = scripts.map(([, src]) => (src ?? '').slice(base.length))
      if (entries.length === 0 || entries.some((file) => bundle[file]?.type !== 'chunk'))
        throw new Error(`app-loader: index.html's module scripts (${entries.join(', ')}) are not all chunks of this build.`)
      const args = [entries, staticImports(entries, bundle)].map((files) => JSON.stringify(files.map((file) => base + file)))
      const loader = `<script type="module">(${loadAppAfterFirstPaint.toString()})(${args.join(', ')})</script>`
      // The loader takes the first script's place; the others go.
      const [firstTag = '', ...otherTags] = scripts.map(([tag]) => tag)
      let source = html.replace(modulePreload, '').replace(firstTag, firstTag.replace(/<script[\s\S]*$/, loader))
      for (const tag of otherTags) source = source.replace(tag, '')
      page.source = source
    },
  }
}
