/**
 * Production build: the browser bundle, a server-side render bundle, then every page of the router's
 * route tree prerendered to dist/client/<path>/index.html, plus sitemap.xml and robots.txt, and the
 * server compiled to dist/server/ (scripts/buildServer.ts). A route without its title and description
 * in src/content/pages.ts stops the build. A shell route (the manage page /booking/$uid) gets one
 * shell, dist/client/booking/_shell.html, rendered without data and left out of the sitemap; the
 * server serves it for every /booking/<uid> (core/shellPages.ts). A shell without params (the desk) is
 * rendered without data to its own folder, dist/client/desk/index.html, and left out of the sitemap too.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Rollup } from 'vite'
import { BUILT_SETTINGS_FILE, sharedBookingSettings } from '../core/settings.ts'
import { SHELL_FILE } from '../core/shellPages.ts'
import { currentStamp, writeBuildStamp } from './buildStamp.ts'
import { assertRuntimeDependencies, buildServer } from './buildServer.ts'
import { routeChunkFiles } from './routeFiles.ts'

const root = join(import.meta.dirname, '..')
// DIST_DIR lets the browser tests build a site with test settings beside the real one.
const distDir = resolve(root, process.env.DIST_DIR || 'dist')
const clientDir = join(distDir, 'client')
const renderDir = join(distDir, 'render')

// The inputs as this build reads them: Vite sets NODE_ENV=production while it builds, and `npm start`, without
// it, would otherwise find every build out of date and build again at each start.
const stamp = await currentStamp()

// The client bundle and the prerender must agree on the footer's year (vite.config.ts); not a VITE_ setting, so
// it stays out of the build stamp.
process.env.BUILD_YEAR ||= String(new Date().getFullYear())
// Another Vite config for this build, as `vite --config` takes one (the browser tests' voice fake builds with its own).
const configFile = process.env.BUILD_VITE_CONFIG ? resolve(root, process.env.BUILD_VITE_CONFIG) : undefined
const client = (await build({ root, configFile, logLevel: 'warn', build: { outDir: clientDir, emptyOutDir: true } })) as Rollup.RollupOutput
const rendered = (await build({
  root,
  configFile,
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: renderDir, emptyOutDir: true, rollupOptions: { output: { entryFileNames: 'entry-server.js' } } },
})) as Rollup.RollupOutput
// The server imports the render bundle at run time: what it imports must be installed in production too.
const ownChunks = new Set(rendered.output.map((chunk) => chunk.fileName))
await assertRuntimeDependencies(
  rendered.output
    .flatMap((chunk) => (chunk.type === 'chunk' ? [...chunk.imports, ...chunk.dynamicImports] : []))
    .filter((id) => !ownChunks.has(id)),
  'The render bundle (dist/render)',
)
await buildServer(distDir)

const { renderDocument, listPages, listShells, siteSettings, bookingSettings, matchedRouteIds } = (await import(
  pathToFileURL(join(renderDir, 'entry-server.js')).href
)) as typeof import('../src/entry-server.tsx')
let prerenderedPaths: string[]
let shellPaths: string[]
try {
  prerenderedPaths = listPages().map((page) => page.path)
  shellPaths = listShells().map((shell) => shell.path)
} catch (error) {
  // The message names each route and what it lacks; a stack trace would only hide it.
  console.error(`Build stopped:\n${(error as Error).message}`)
  process.exit(1)
}
// The files' URLs: vite.config.ts leaves Vite's `base` at '/'.
const base = '/'
const bundle = Object.fromEntries(client.output.map((chunk) => [chunk.fileName, chunk]))
const template = await readFile(join(clientDir, 'index.html'), 'utf8')
await writeFile(join(renderDir, 'template.html'), template)

for (const path of [...prerenderedPaths, ...shellPaths]) {
  const page = await renderDocument(template, path)
  if (page.status !== 200 || page.html.includes('Unexpected Application Error!')) {
    throw new Error(`Prerendering ${path} rendered the error view (status ${page.status}): does its route exist?`)
  }
  // The route's own files, for the loader to fetch with the app's (src/boot/appLoader.ts); a meta, not the
  // loader's arguments: the CSP allows the loader by its hash, the same on every page.
  const routeFiles = routeChunkFiles(matchedRouteIds(path), bundle, root, (file) => template.includes(file))
  const html = page.html.replace('</head>', () => `  <meta name="app-route-files" content="${routeFiles.map((file) => base + file).join(' ')}" />\n  </head>`)
  // A param's shell's path is its file's (booking/_shell.html); any other page's is a folder with its index.html.
  const file = join(clientDir, path === '/' ? 'index.html' : path.endsWith(`/${SHELL_FILE}`) ? path.slice(1) : `${path.slice(1)}/index.html`)
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, html)
}

// The address the pages were rendered with (checked by vite.config.ts, read through src/config.ts).
const siteUrl = siteSettings.url
const sitemap = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...prerenderedPaths.map((p) => `  <url><loc>${siteUrl}${p === '/' ? '/' : p}</loc></url>`),
  '</urlset>',
  '',
].join('\n')
await writeFile(join(clientDir, 'sitemap.xml'), sitemap)
await writeFile(join(clientDir, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`)
// The settings the browser and the server both read, as the pages have them: a server started with others stops
// (server/http/builtSettings.ts).
await writeFile(join(distDir, BUILT_SETTINGS_FILE), `${JSON.stringify(sharedBookingSettings(bookingSettings), null, 2)}\n`)
await writeBuildStamp(distDir, stamp)
console.log(`Prerendered ${prerenderedPaths.length} pages and ${shellPaths.length} shell(s) into ${clientDir}.`)
