/**
 * The files of a page's own routes, for its loader to fetch with the app's (src/boot/appLoader.ts): the router
 * splits each route's component into a file of its own (autoCodeSplitting), which the app would otherwise ask
 * for only once it has run, a round trip later (docs/performance.md#how-it-is-done).
 */
import type { Rollup } from 'vite'

/** The file of a route by its id, as the router's file-based routes name them: `/_main/` is `_main/index.tsx`. */
export function routeSourceFile(routeId: string): string {
  if (routeId === '__root__') return 'src/routes/__root.tsx'
  return `src/routes${routeId.endsWith('/') ? `${routeId}index` : routeId}.tsx`
}

/**
 * The chunks split from these routes' files, with what they import statically, leaving out `known`: the files
 * the page's loader names already.
 */
export function routeChunkFiles(routeIds: string[], bundle: Rollup.OutputBundle, root: string, known: (file: string) => boolean): string[] {
  const sources = routeIds.map((id) => `${root}/${routeSourceFile(id)}?`)
  const found = new Set<string>()
  const visit = (fileName: string) => {
    const chunk = bundle[fileName]
    if (chunk?.type !== 'chunk' || found.has(fileName) || known(fileName)) return
    found.add(fileName)
    chunk.imports.forEach(visit)
  }
  for (const chunk of Object.values(bundle)) {
    if (chunk.type === 'chunk' && chunk.moduleIds.some((id) => sources.some((source) => id.startsWith(source)))) visit(chunk.fileName)
  }
  return [...found]
}
