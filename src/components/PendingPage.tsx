/** Shown while a page's code loads on a slow connection. */
export function PendingPage() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-slate-400">
      Loading…
    </div>
  )
}
