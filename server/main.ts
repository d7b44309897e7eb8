import { serve } from '@hono/node-server'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createApi } from './api/createApi'
import { createApp } from './app'
import { ConfigError, loadConfig } from './config'
import { openStore } from './db/store'
import { createMailer } from './mail/mailer'
import { loadStaticSite } from './staticSite'

const root = join(import.meta.dirname, '..')

async function main() {
  const config = loadConfig()
  const dist = resolve(root, config.DIST_DIR)
  const site = await loadStaticSite(join(dist, 'client'))
  const template = await readFile(join(dist, 'render/template.html'), 'utf8')
  const render = (await import(pathToFileURL(join(dist, 'render/entry-server.js')).href)) as typeof import('../src/entry-server')
  // Bookings: PGlite in DATA_DIR, or the PostgreSQL server of DATABASE_URL; migrations run here.
  const store = await openStore({ databaseUrl: config.DATABASE_URL, dataDir: resolve(root, config.DATA_DIR) })
  // Mail (issue 11): the outbox worker sends what booking changes wrote; stopped before the store closes.
  const mail = createMailer({ config, store, dataDir: resolve(root, config.DATA_DIR) })
  mail.start()
  const app = createApp({
    config,
    site,
    renderNotFound: async (url) => (await render.renderDocument(template, url)).html,
    api: createApi({ config, store, onMailQueued: mail.wake }),
  })
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    const mode = config.CALCOM_URL ? `Cal.com at ${config.CALCOM_URL}` : `built-in scheduler, ${store.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`
    console.log(`Serving on http://localhost:${info.port} (bookings: ${mode})`)
  })
  const stop = () =>
    server.close(() => {
      mail.stop().then(() => store.close()).then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error)
          process.exit(1)
        },
      )
    })
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message)
  else if ((error as NodeJS.ErrnoException).code === 'ENOENT') console.error(`The site is not built (${(error as Error).message}). Run \`npm run build\` or \`npm start\`.`)
  else console.error(error)
  process.exit(1)
})
