import { defineCalendarCopySuite } from './support/calendarCopySuite'
import { pgliteBackend } from './support/databases'

defineCalendarCopySuite('PGlite in a temporary directory', pgliteBackend)
