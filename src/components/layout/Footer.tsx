export function Footer() {
  return (
    <footer className="border-t border-white/10 px-4 py-8 text-sm text-slate-400">
      <p>© {new Date().getFullYear()} Kiwi Automate. Auckland, New Zealand.</p>
    </footer>
  )
}
