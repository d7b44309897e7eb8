import { pgliteBackend } from './support/databases'
import { defineManageSuite } from './support/manageSuite'

defineManageSuite('PGlite in a temporary directory', pgliteBackend)
