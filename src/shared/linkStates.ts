// The link state table: which action takes a link from which statuses to which. The core applies
// it to every change; the console enables each action's button from it, so neither can drift.
import type { LinkStatus, SimulateEvent } from './types';

export type LinkAction = SimulateEvent | 'cancel';

interface Transition {
  /** The action's name on the console's buttons. */
  label: string;
  from: readonly LinkStatus[];
  to: LinkStatus;
}

const TABLE: Record<LinkAction, Transition> = {
  paid: { label: 'Paid', from: ['pending'], to: 'succeeded' },
  failed: { label: 'Failed', from: ['pending'], to: 'failed' },
  expired: { label: 'Expired', from: ['pending'], to: 'expired' },
  cancel: { label: 'Cancel', from: ['pending', 'failed'], to: 'canceled' },
};

/** Every action, in the order the console lists them. */
export const LINK_ACTIONS = (Object.keys(TABLE) as LinkAction[]).map((action) => ({
  action,
  label: TABLE[action].label,
}));

export const canApply = (action: LinkAction, status: LinkStatus): boolean =>
  TABLE[action].from.includes(status);

/** The statuses `action` applies to, as words: "pending or failed". */
export const appliesTo = (action: LinkAction): string => TABLE[action].from.join(' or ');

/** Where `action` takes a link it applies to. */
export const statusAfter = (action: LinkAction): LinkStatus => TABLE[action].to;

/** The one action that ends in `status` (every status but pending has one). */
export const actionTo = (status: Exclude<LinkStatus, 'pending'>): LinkAction =>
  (Object.keys(TABLE) as LinkAction[]).find((action) => TABLE[action].to === status) as LinkAction;
