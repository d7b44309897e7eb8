import { SKELETON_SLOTS } from './styles'

/**
 * The prerendered stand-in for the booking form: the same boxes, gaps and line heights as the real
 * form showing a full day, nothing interactive, so the page does not shift when the form arrives.
 */
export function FormPlaceholder() {
  const bar = 'rounded-md bg-white/8'
  // A text line's height with a bar inside it, as the real label is a line of text.
  const label = (width: string) => (
    <div className="flex h-5 items-center">
      <div className={`h-3.5 ${width} ${bar}`} />
    </div>
  )
  return (
    <div aria-hidden="true" className="flex flex-1 flex-col gap-4">
      <div className="grid gap-x-5 gap-y-2 sm:grid-cols-2">
        {[0, 1].map((i) => (
          <div key={i}>
            {label('w-24')}
            <div className={`mt-1.5 h-[2.875rem] ${bar}`} />
            <div className="mt-1.5 h-5" />
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-3">
        {label('w-20')}
        <div className="grid grid-cols-2 items-center gap-2 sm:flex sm:justify-between">
          <div className="order-first col-span-2 flex h-6 items-center justify-center sm:order-none">
            <div className={`h-4 w-56 ${bar}`} />
          </div>
          <div className={`h-10 w-32 ${bar}`} />
          <div className={`h-10 w-28 justify-self-end ${bar}`} />
        </div>
        {/* The day row: seven days. */}
        <div className="grid grid-cols-7 gap-1 sm:gap-1.5">
          {Array.from({ length: 7 }, (_, i) => (
            <div key={i} className={`h-14 ${bar}`} />
          ))}
        </div>
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-5">
          {Array.from({ length: SKELETON_SLOTS }, (_, i) => (
            <div key={i} className={`h-10 ${bar}`} />
          ))}
        </div>
        {/* The time zone box and the 24-hour switch, then the zone named. */}
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
            <div className="min-w-0 flex-1 basis-56">
              <div className="flex h-4 items-center">
                <div className={`h-3 w-16 ${bar}`} />
              </div>
              <div className={`mt-1 h-10 ${bar}`} />
            </div>
            <div className={`h-10 w-24 ${bar}`} />
          </div>
          {/* Invisible text of a typical length, so the zone line wraps as the real one does. */}
          <p className="invisible text-xs">Times in Pacific/Auckland (New Zealand Daylight Time)</p>
        </div>
        <div className="-mt-1.5 h-5" />
      </div>
      <div className="mt-auto flex flex-col gap-3">
        <div />
        <div className="h-12 rounded-full bg-sky-400/20" />
      </div>
    </div>
  )
}
