import { defineCalendarCopySuite } from './support/calendarCopySuite'
import { onPostgres } from './support/databases'

onPostgres('the calendar copies', defineCalendarCopySuite)
