import { pgliteBackend } from './support/databases'
import { defineEmailCodeSuite } from './support/emailCodeSuite'

defineEmailCodeSuite('PGlite in a temporary directory', pgliteBackend)
