import type { ReactNode } from 'react'

/** Content only (SPEC §2, second layout): it holds /faqs. */
export function SecondLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="relative min-h-screen">
      {children}
    </main>
  )
}
