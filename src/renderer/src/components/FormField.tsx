// A labelled input with its hint and its error, wired for screen readers.
import { FieldNotes, fieldDescribedBy } from './FieldNotes';
import type { HTMLAttributes } from 'react';

interface FormFieldProps {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: string;
  multiline?: boolean;
  autoFocus?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

export function FormField({ name, label, value, onChange, error, hint, multiline, ...rest }: FormFieldProps) {
  const id = `field-${name}`;
  const describedBy = fieldDescribedBy(id, hint, error);
  const shared = {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...shared} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type="text" {...rest} onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
