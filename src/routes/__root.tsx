import { createRootRoute, Outlet } from '@tanstack/react-router'
import { BookingModal } from '../components/booking/BookingModal'
import { ErrorView, NotFoundView } from '../components/ErrorView'
import { ParticleBackground } from '../components/layout/ParticleBackground'
import { SiteActorsProvider } from '../components/providers/SiteActors'
import { VoiceWidget } from '../components/voice/VoiceWidget'

export const Route = createRootRoute({
  component: RootComponent,
  // The browser wraps the root match in Suspense; asking for it makes the prerenderer do the same.
  wrapInSuspense: true,
  errorComponent: ({ error }) => <ErrorView error={error} />,
  notFoundComponent: NotFoundView,
})

/**
 * Shared actors for every page; the booking modal and the particle background serve both layouts. The
 * voice widget is here too, so a call survives moving between pages (it shows itself on the main layout,
 * and elsewhere only while a call runs or a conversation is open).
 */
function RootComponent() {
  return (
    <SiteActorsProvider>
      <ParticleBackground />
      <Outlet />
      <VoiceWidget />
      <BookingModal />
    </SiteActorsProvider>
  )
}
