import { defineBookingSuite } from './support/bookingSuite'
import { onPostgres } from './support/databases'

onPostgres('the booking API', defineBookingSuite)
