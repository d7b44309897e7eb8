import { pgliteBackend } from './support/databases'
import { defineDeskSuite } from './support/deskSuite'

defineDeskSuite('PGlite in a temporary directory', pgliteBackend)
