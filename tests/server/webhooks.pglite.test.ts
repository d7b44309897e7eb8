import { pgliteBackend } from './support/databases'
import { defineWebhookSuite } from './support/webhookSuite'

defineWebhookSuite('PGlite in a temporary directory', pgliteBackend)
