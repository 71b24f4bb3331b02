// A labelled on/off switch with its hint and its error.
interface ToggleFieldProps {
  name: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: string;
  error?: string;
}

export function ToggleField({ name, label, checked, onChange, hint, error }: ToggleFieldProps) {
  const id = `field-${name}`;
  return (
    <div className={error ? 'field field-toggle field-invalid' : 'field field-toggle'}>
      <label className="switch" htmlFor={id}>
        <input
          id={id}
          name={name}
          type="checkbox"
          role="switch"
          checked={checked}
          aria-describedby={
            [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
          }
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="switch-label">{label}</span>
      </label>
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
