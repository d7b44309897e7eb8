import { onPostgres } from './support/databases'
import { defineEmailCodeSuite } from './support/emailCodeSuite'

onPostgres('email codes', defineEmailCodeSuite)
