// A form's field errors, and the one path from a server error to the field it names: every form
// shows an error beside its field and takes the tester there the same way, whether the form found
// the problem itself or the API did.
import { useRef, useState } from 'react';
import { ConsoleApiError } from '../api/consoleClient';
import { fieldOfParam } from '../lib/fieldOfParam';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The control named `name` in the form, where the tester types (FormField names it so). */
const controlNamed = (form: HTMLFormElement | null, name: string): HTMLElement | null =>
  form?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`) ?? null;

/** Focus without the browser's own scroll, then centred, so the message under it shows too. */
function goTo(control: HTMLElement | null): void {
  control?.focus({ preventScroll: true });
  control?.scrollIntoView({ block: 'center' });
}

/**
 * `fields` are the form's field names, each the `name` of its control; `aliases` maps API params
 * that are named otherwise ("link_lifetime_seconds" → "link_lifetime").
 */
export function useFieldErrors<F extends string>(
  fields: readonly F[],
  aliases: Readonly<Record<string, F>> = {},
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  /** The API's param for an error it answered, when that names one control of a group ("faults.seed"). */
  const [apiParam, setApiParam] = useState<string | undefined>();

  const clear = (field: F) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _gone, ...rest } = current;
      return rest as FieldErrors<F>;
    });

  /** Shows every problem found, and takes the tester to the first of those fields on the page. */
  const show = (found: FieldErrors<F>) => {
    setErrors(found);
    setApiParam(undefined);
    const controls = (Object.keys(found) as F[])
      .map((field) => controlNamed(formRef.current, field))
      .filter((control): control is HTMLElement => control !== null);
    const first = controls.reduce<HTMLElement | null>(
      (earliest, control) =>
        earliest && earliest.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_PRECEDING
          ? control
          : (earliest ?? control),
      null,
    );
    goTo(first);
  };

  /**
   * An error the API answered, shown beside the field its param names, with that field (or the
   * very control the param names, such as one of a group's inputs) focused: true. An error that
   * names no field of this form is left to the caller (false).
   */
  const showApiError = (error: unknown): boolean => {
    if (!(error instanceof ConsoleApiError)) return false;
    const field = fieldOfParam(error.param, fields, aliases);
    if (!field) return false;
    setErrors({ [field]: error.message } as FieldErrors<F>);
    setApiParam(error.param);
    goTo(controlNamed(formRef.current, error.param ?? field) ?? controlNamed(formRef.current, field));
    return true;
  };

  return { formRef, errors, apiParam, clear, show, showApiError, clearAll: () => setErrors({}) };
}
