import { onPostgres } from './support/databases'
import { defineManageSuite } from './support/manageSuite'

onPostgres('cancel, reschedule, mail and limits', defineManageSuite)
