/**
 * The 'Time zone' search (ZoneSearch.tsx, with downshift): a file of its own, so the slots do not wait for it
 * (docs/performance.md#the-zone-search-after-the-slots). Imported when the picker has drawn, or once the booking
 * form's code has run at an idle moment.
 */
import { deferredModule } from '../../boot/deferredModule'

export const zoneSearchModule = deferredModule(() => import('./ZoneSearch'))
