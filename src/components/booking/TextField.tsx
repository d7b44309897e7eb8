import { fieldError, fieldInput, fieldLabel } from './styles'

export interface TextFieldProps {
  id: string
  label: string
  type: 'text' | 'email' | 'tel'
  value: string
  autoComplete: string
  error: string | undefined
  readOnly: boolean
  onChange: (value: string) => void
  onBlur: () => void
}

/** A labelled input whose error is tied to it (aria-describedby, aria-invalid) and announced politely. */
export function TextField({ id, label, type, value, autoComplete, error, readOnly, onChange, onBlur }: TextFieldProps) {
  const errorId = `${id}-error`
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
        className={`${fieldInput} ${error ? 'border-rose-400/70' : 'border-white/15'}`}
      />
      <p id={errorId} aria-live="polite" className={fieldError}>
        {error}
      </p>
    </div>
  )
}
