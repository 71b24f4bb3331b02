// A labelled input (or select) with its hint and its error, wired for screen readers: the error is
// part of the control's description and the control is marked invalid, in every form alike.
import { FieldNotes, fieldDescribedBy } from './FieldNotes';
import type { HTMLAttributes, ReactNode } from 'react';

interface FieldProps {
  /** The control's name, which an API error's param is mapped to (hooks/useFieldErrors). */
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: string;
}

interface FormFieldProps extends FieldProps {
  multiline?: boolean;
  autoFocus?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

/** What every field's control carries: its id, name, value and the notes that describe it. */
function controlProps({ name, value, error, hint }: FieldProps) {
  const id = `field-${name}`;
  return {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': fieldDescribedBy(id, hint, error),
  };
}

function FieldShell({ props, children }: { props: FieldProps; children: ReactNode }) {
  const id = `field-${props.name}`;
  return (
    <div className={props.error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{props.label}</label>
      {children}
      <FieldNotes id={id} hint={props.hint} error={props.error} />
    </div>
  );
}

export function FormField(props: FormFieldProps) {
  const { multiline, autoFocus, inputMode, onChange } = props;
  const shared = controlProps(props);
  return (
    <FieldShell props={props}>
      {multiline ? (
        <textarea {...shared} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...shared}
          type="text"
          autoFocus={autoFocus}
          inputMode={inputMode}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldShell>
  );
}

export function SelectField(props: FieldProps & { children: ReactNode }) {
  return (
    <FieldShell props={props}>
      <select {...controlProps(props)} onChange={(event) => props.onChange(event.target.value)}>
        {props.children}
      </select>
    </FieldShell>
  );
}
