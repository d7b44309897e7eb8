import { defineAfterBookingSuite } from './support/afterBookingSuite'
import { onPostgres } from './support/databases'

// Two stores on one schema are two server instances on one PostgreSQL: the reminders go once.
onPostgres('reminders, the notice period and notes', (label, makeBackend) => defineAfterBookingSuite(label, makeBackend, { instances: true }))
