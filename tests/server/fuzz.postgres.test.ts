import { onPostgres } from './support/databases'
import { defineFuzzSuite } from './support/fuzzSuite'

onPostgres('fuzzing the booking API', defineFuzzSuite)
