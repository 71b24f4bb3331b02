import { INBOX_NAME_PATTERN } from '../../shared/types';
import { SandboxError } from '../errors';

const NAME = new RegExp(INBOX_NAME_PATTERN);

/** The name as given when it is one an inbox may have (docs/contract.md §12), else a 400 that says why. */
export function inboxName(given: string): string {
  if (NAME.test(given)) return given;
  const shown = given.length > 80 ? `${given.slice(0, 80)}…` : given;
  throw new SandboxError(
    given === '' ? 'parameter_missing' : 'parameter_invalid',
    given === ''
      ? 'Name the inbox: /_inbox/{name}, where name is 1 to 64 letters, digits, _ or - (for example /_inbox/default).'
      : `Invalid inbox name ${JSON.stringify(shown)}: use 1 to 64 letters, digits, _ or - (for example /_inbox/default).`,
    'name',
  );
}
