import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { LogEntrySchema } from '../shared/sandboxLog';

const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(JSON.stringify(LogEntrySchema)) as object);

/** Throws unless `value` is a log entry in the fixed shape (the one `compare` parses). */
export function assertLogEntry(value: unknown): void {
  if (!validate(value))
    throw new Error(`not a log entry: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value)}`);
}
