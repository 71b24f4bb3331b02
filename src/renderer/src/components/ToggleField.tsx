// A labelled on/off switch with its hint and its error.
import { FieldNotes, fieldDescribedBy } from './FieldNotes';

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
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, hint, error)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="switch-label">{label}</span>
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
