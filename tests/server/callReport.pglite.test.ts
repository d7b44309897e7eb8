import { defineCallReportSuite } from './support/callReportSuite'
import { pgliteBackend } from './support/databases'

defineCallReportSuite('PGlite in a temporary directory', pgliteBackend)
