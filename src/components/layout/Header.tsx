import { Link } from '@tanstack/react-router'

export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-slate-950/80 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3">
        <Link to="/" className="flex items-center gap-2 font-semibold text-white">
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>Kiwi Automate</span>
        </Link>
      </div>
    </header>
  )
}
