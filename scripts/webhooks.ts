/**
 * `npm run webhooks` (or `node dist/server/webhooks.js` in production): the webhook subscriptions in the configured
 * database and each one's latest deliveries (docs/webhooks.md#delivery). PGlite's files are opened only when no other
 * process holds them (server/runtime/dataDirLock.ts).
 */
import { webhooksTable } from '../server/webhooks/webhooksTable'
import { runOnStore } from './commandStore'

/** Deliveries shown per subscription. */
const LATEST = 5

runOnStore('webhooks command', async (store, _config, source) => {
  const hooks = await store.webhooks.all()
  const rows = await Promise.all(hooks.map(async (hook) => ({ hook, latest: await store.webhookOutbox.latest(hook.id, LATEST) })))
  console.log(`${webhooksTable(rows)}\n\n${hooks.length} webhook${hooks.length === 1 ? '' : 's'} (${source}).`)
})
