import type { ReactNode } from 'react'
import { BookingModal } from '../booking/BookingModal'
import { VoiceWidget } from '../voice/VoiceWidget'
import { Footer } from './Footer'
import { Header } from './Header'

/** Header, content, footer and the floating voice widget (SPEC §2, main layout). */
export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex min-h-screen flex-col">
      <Header />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
      <VoiceWidget />
      <BookingModal />
    </div>
  )
}
