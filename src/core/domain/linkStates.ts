import type { LinkStatus, SimulateEvent } from '../../shared/types';
import { SandboxError } from '../errors';

export type LinkAction = 'cancel' | SimulateEvent;

const OUTCOME: Record<SimulateEvent, LinkStatus> = {
  paid: 'succeeded',
  failed: 'failed',
  expired: 'expired',
};

/** Contract §7: where each action takes a link from each status, or why it cannot. */
export function nextStatus(id: string, from: LinkStatus, action: LinkAction): LinkStatus {
  if (action === 'cancel') {
    if (from === 'pending' || from === 'failed') return 'canceled';
    throw new SandboxError(
      'payment_link_not_cancelable',
      `Payment link ${id} is ${from} and cannot be canceled; only pending or failed links can be canceled.`,
    );
  }
  if (from === 'pending') return OUTCOME[action];
  throw new SandboxError(
    'invalid_state_transition',
    `Payment link ${id} is ${from}; simulate "${action}" applies only to pending links.`,
  );
}
