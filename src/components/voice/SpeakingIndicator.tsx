import type { CSSProperties } from 'react'

const BAR_WEIGHTS = [0.55, 1, 0.8, 0.45]

/** Bars that follow a speaker's level, and who is speaking in words; still under prefers-reduced-motion. */
export function SpeakingIndicator({ speaking, volume, text, tone }: { speaking: boolean; volume: number; text: string; tone: 'assistant' | 'visitor' }) {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-300">
      <span aria-hidden="true" className="flex h-5 items-end gap-0.5">
        {BAR_WEIGHTS.map((weight, i) => {
          const level = speaking ? Math.min(1, 0.25 + volume * weight) : 0.2
          return (
            <span
              key={i}
              style={{ '--level': level } as CSSProperties}
              className={`h-5 w-1 origin-bottom rounded-full ${tone === 'assistant' ? 'bg-sky-400' : 'bg-emerald-400'} [transform:scaleY(var(--level))] motion-safe:transition-transform motion-safe:duration-100 motion-reduce:[transform:scaleY(0.6)]`}
            />
          )
        })}
      </span>
      <span>{text}</span>
    </p>
  )
}
