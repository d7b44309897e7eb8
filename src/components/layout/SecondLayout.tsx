import type { ReactNode } from 'react'

/** Content only (docs/design.md#pages, second layout): it holds /faqs. */
export function SecondLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="relative min-h-screen">
      {children}
    </main>
  )
}
