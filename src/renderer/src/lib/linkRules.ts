// The state table, as the console shows it: which actions a link's status allows.
import type { LinkStatus, SimulateEvent } from '../../../shared/types';

export type LinkAction = SimulateEvent | 'cancel';

export const LINK_ACTIONS: { action: LinkAction; label: string }[] = [
  { action: 'paid', label: 'Paid' },
  { action: 'failed', label: 'Failed' },
  { action: 'expired', label: 'Expired' },
  { action: 'cancel', label: 'Cancel' },
];

/** Only pending links can be paid, failed or expired; pending or failed links can be canceled. */
export function canApply(action: LinkAction, status: LinkStatus): boolean {
  if (action === 'cancel') return status === 'pending' || status === 'failed';
  return status === 'pending';
}
