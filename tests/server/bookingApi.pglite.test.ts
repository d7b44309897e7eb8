import { defineBookingSuite } from './support/bookingSuite'
import { pgliteBackend } from './support/databases'

defineBookingSuite('PGlite in a temporary directory', pgliteBackend)
