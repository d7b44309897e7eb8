import type { CallKind } from '../../../core/browserSettings'
import { meetingCopy as copy } from '../../content/booking'
import { fieldLabel } from './styles'
import { TextField } from './TextField'
import { focusRing } from '../sections/ui'

export interface MeetingChoiceProps {
  id: string
  /** The ways the host offers, the first preselected: a choice shows only when there are two. */
  locations: readonly CallKind[]
  location: CallKind
  phone: string
  phoneError: string | undefined
  readOnly: boolean
  onLocation: (location: CallKind) => void
  onPhone: (value: string) => void
  onPhoneBlur: () => void
}

/**
 * How the call happens (docs/design.md#where-the-call-happens): 'Video call' or 'Phone call' as two radio
 * buttons when the host offers both, and the 'Phone number' field for a phone call.
 */
export function MeetingChoice({ id, locations, location, phone, phoneError, readOnly, onLocation, onPhone, onPhoneBlur }: MeetingChoiceProps) {
  // Nothing to choose or type (a video-only site): no element at all, so the form's gap does not double.
  if (locations.length < 2 && location !== 'phone') return null
  return (
    <div className="flex flex-col gap-2">
      {locations.length > 1 ? (
        <fieldset>
          <legend className={fieldLabel}>{copy.legend}</legend>
          <div className="mt-1.5 flex flex-wrap gap-2">
            {locations.map((kind) => (
              <label
                key={kind}
                className="inline-flex min-h-10 cursor-pointer items-center has-disabled:cursor-wait gap-2 rounded-lg border border-white/15 bg-white/5 px-3 py-2 text-sm font-medium text-white has-checked:border-sky-300/70 has-checked:bg-sky-400/15"
              >
                <input
                  type="radio"
                  name={`${id}-location`}
                  value={kind}
                  checked={location === kind}
                  // A radio cannot be read-only: it is disabled while the booking is sent.
                  disabled={readOnly}
                  onChange={() => onLocation(kind)}
                  className={`size-4 accent-sky-400 ${focusRing}`}
                />
                {kind === 'phone' ? copy.phone : copy.video}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {location === 'phone' ? (
        <TextField
          id={`${id}-phone`}
          label={copy.phoneLabel}
          type="tel"
          autoComplete="tel"
          value={phone}
          error={phoneError}
          readOnly={readOnly}
          onChange={onPhone}
          onBlur={onPhoneBlur}
        />
      ) : null}
    </div>
  )
}
