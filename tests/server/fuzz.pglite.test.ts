import { pgliteBackend } from './support/databases'
import { defineFuzzSuite } from './support/fuzzSuite'

defineFuzzSuite('PGlite in a temporary directory', pgliteBackend)
