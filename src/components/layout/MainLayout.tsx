import type { ReactNode } from 'react'
import { ExternalScript } from './ExternalScript'
import { Footer } from './Footer'
import { Header } from './Header'

/** Header, content and footer (docs/design.md#pages, main layout); the floating voice widget stands at the root (__root.tsx). */
export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-sky-500 px-4 py-2 text-sm font-semibold text-slate-950 focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
      <ExternalScript />
    </div>
  )
}
