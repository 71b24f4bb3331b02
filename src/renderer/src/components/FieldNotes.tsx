// The hint and the error under a form field, with the ids its input points at for screen readers.

/** The aria-describedby value for a field's input: its hint and its error, when shown. */
export const fieldDescribedBy = (id: string, hint?: string, error?: string): string | undefined =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
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
    </>
  );
}
