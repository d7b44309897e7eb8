/**
 * The prerendered stand-in for the booking form: its size and rough shape, nothing interactive, so
 * the page does not shift when the real form arrives.
 */
export function FormPlaceholder() {
  const bar = 'rounded-lg bg-white/8'
  return (
    <div aria-hidden="true" className="flex min-h-[inherit] flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {[0, 1].map((i) => (
          <div key={i}>
            <div className={`h-4 w-24 ${bar}`} />
            <div className={`mt-1.5 h-11 ${bar}`} />
            <div className="mt-1.5 h-5" />
          </div>
        ))}
      </div>
      <div className={`h-4 w-24 ${bar}`} />
      <div className="flex justify-between">
        <div className={`h-10 w-32 ${bar}`} />
        <div className={`h-10 w-28 ${bar}`} />
      </div>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-5">
        {Array.from({ length: 20 }, (_, i) => (
          <div key={i} className={`h-10 ${bar}`} />
        ))}
      </div>
      <div className="mt-auto h-12 rounded-full bg-sky-400/20" />
    </div>
  )
}
