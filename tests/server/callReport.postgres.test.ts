import { defineCallReportSuite } from './support/callReportSuite'
import { onPostgres } from './support/databases'

onPostgres('end-of-call reports', defineCallReportSuite)
