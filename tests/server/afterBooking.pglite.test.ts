import { defineAfterBookingSuite } from './support/afterBookingSuite'
import { pgliteBackend } from './support/databases'

defineAfterBookingSuite('PGlite in a temporary directory', pgliteBackend)
