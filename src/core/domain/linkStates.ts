import { appliesTo, canApply, statusAfter, type LinkAction } from '../../shared/linkStates';
import type { LinkStatus } from '../../shared/types';
import { SandboxError } from '../errors';

/** Where `action` takes a link in status `from` (the table in shared/linkStates.ts), or why it cannot. */
export function nextStatus(id: string, from: LinkStatus, action: LinkAction): LinkStatus {
  if (canApply(action, from)) return statusAfter(action);
  if (action === 'cancel') {
    throw new SandboxError(
      'payment_link_not_cancelable',
      `Payment link ${id} is ${from} and cannot be canceled; only ${appliesTo('cancel')} links can be canceled.`,
    );
  }
  throw new SandboxError(
    'invalid_state_transition',
    `Payment link ${id} is ${from}; simulate "${action}" applies only to ${appliesTo(action)} links.`,
  );
}
