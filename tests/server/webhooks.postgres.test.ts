import { onPostgres } from './support/databases'
import { defineWebhookSuite } from './support/webhookSuite'

// Two stores on one schema are two server instances on one PostgreSQL: each event goes once.
onPostgres('webhooks', (label, makeBackend) => defineWebhookSuite(label, makeBackend, { instances: true }))
