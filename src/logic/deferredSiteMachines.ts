import { deferredModule } from '../boot/deferredModule'

/** The site's machines and XState, out of the first load (siteMachines.ts): what deferred actors are made from. */
export const siteMachines = deferredModule(() => import('./siteMachines'))
