/**
 * Vite plugin (build only): the files a page runs at load, or at a press on Book a Call, begin with V8's
 * compile hint `//# allFunctionsCalledOnLoad`. Without it, V8 compiles each function the first time it is
 * called, on the main thread: React's during hydration, the form's while it first draws. With it, Chromium
 * compiles the whole file as it arrives, most of it off the main thread
 * (docs/performance.md#functions-compiled-as-they-arrive). Other browsers read a comment.
 *
 * Which files: those holding the entry's modules and what they import statically, the same for each route's
 * files and for `runAtPress` (the modules the loader fetches for a press: src/boot/appLoader.ts). Decided by
 * module, so the hint is in the file before its name is hashed. Files loaded later (the voice call, the
 * particles, the zone search) keep V8's lazy compiling: much of their code may never run.
 */
import type { Plugin, Rollup } from 'vite'

const COMPILE_HINT = '//# allFunctionsCalledOnLoad'
/** No banner: an empty one would still start the file with a line break (Rolldown's addons take undefined as none). */
const NO_BANNER = undefined as unknown as string

export function compileHintsPlugin({ runAtPress = [] }: { runAtPress?: string[] } = {}): Plugin {
  let root = ''
  const runAtLoad = new Set<string>()
  return {
    name: 'compile-hints',
    // The browser's files only: the prerender's bundle runs in Node, once per page at build time.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      root = config.root
    },
    buildStart() {
      runAtLoad.clear()
    },
    buildEnd() {
      const visit = (id: string) => {
        if (runAtLoad.has(id)) return
        runAtLoad.add(id)
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported)
      }
      // The entry, and each route's split files: a page's loader fetches its own with the app's (scripts/routeFiles.ts).
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry || id.startsWith(`${root}/src/routes/`))
      for (const module of runAtPress) {
        const id = `${root}/${module}`
        if (!this.getModuleInfo(id)) this.error(`compile-hints: ${module} is not a module of this build (runAtPress).`)
        entries.push(id)
      }
      entries.forEach(visit)
    },
    // After minifying, which drops comments; still part of the file's hashed name. In the entry's file Vite then
    // writes one line above it (its map of preloads): V8 reads the hint there too.
    outputOptions(options) {
      return { ...options, postBanner: (chunk: Rollup.RenderedChunk) => (chunk.moduleIds.some((id) => runAtLoad.has(id)) ? COMPILE_HINT : NO_BANNER) }
    },
  }
}
