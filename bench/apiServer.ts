/**
 * The API alone (no static site) on loopback, for `npm run bench:api`: built-in scheduler, PGlite in
 * DATA_DIR, settings from the environment. Prints `READY <port>` once listening; stops on SIGTERM.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { AddressInfo } from 'node:net'
import { createApi } from '../server/api/createApi'
import { loadConfig } from '../server/config'
import { openStore } from '../server/db/store'

const config = loadConfig()
const store = await openStore({ dataDir: config.DATA_DIR })
const app = new Hono().route('/api', createApi({ config, store }))
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
server.once('listening', () => console.log(`READY ${(server.address() as AddressInfo).port}`))
process.once('SIGTERM', () => server.close(() => void store.close().then(() => process.exit(0))))
