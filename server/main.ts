import { serve } from '@hono/node-server'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createApp } from './app'
import { ConfigError, loadConfig } from './config'
import { loadStaticSite } from './staticSite'

const root = join(import.meta.dirname, '..')

async function main() {
  const config = loadConfig()
  const dist = resolve(root, config.DIST_DIR)
  const site = await loadStaticSite(join(dist, 'client'))
  const template = await readFile(join(dist, 'render/template.html'), 'utf8')
  const render = (await import(pathToFileURL(join(dist, 'render/entry-server.js')).href)) as typeof import('../src/entry-server')
  const app = createApp({
    config,
    site,
    renderNotFound: async (url) => (await render.renderDocument(template, url)).html,
  })
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    console.log(`Serving on http://localhost:${info.port}`)
  })
  const stop = () => server.close(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message)
  else if ((error as NodeJS.ErrnoException).code === 'ENOENT') console.error(`The site is not built (${(error as Error).message}). Run \`npm run build\` or \`npm start\`.`)
  else console.error(error)
  process.exit(1)
})
