// The link state table: which action takes a link from which statuses to which, and the webhook
// event that move sends. The core applies it to every change; the console enables each action's
// button from it; a sample event, an import's check and the API document's examples read the
// event column: none can drift.
import type { LinkStatus, SimulateEvent, WebhookEventType } from './types';

export type LinkAction = SimulateEvent | 'cancel';

interface Transition {
  /** The action's name on the console's buttons. */
  label: string;
  from: readonly LinkStatus[];
  to: Exclude<LinkStatus, 'pending'>;
  /** The event a link sends on arriving in `to`. */
  event: WebhookEventType;
}

const TABLE: Record<LinkAction, Transition> = {
  paid: { label: 'Paid', from: ['pending'], to: 'succeeded', event: 'payment_link.paid' },
  failed: { label: 'Failed', from: ['pending'], to: 'failed', event: 'payment_link.failed' },
  expired: { label: 'Expired', from: ['pending'], to: 'expired', event: 'payment_link.expired' },
  cancel: { label: 'Cancel', from: ['pending', 'failed'], to: 'canceled', event: 'payment_link.canceled' },
};

const ACTIONS = Object.keys(TABLE) as LinkAction[];

/** Every action, in the order the console lists them. */
export const LINK_ACTIONS = ACTIONS.map((action) => ({
  action,
  label: TABLE[action].label,
}));

/** The action's name on the console's buttons: "Paid". */
export const actionLabel = (action: LinkAction): string => TABLE[action].label;

export const canApply = (action: LinkAction, status: LinkStatus): boolean =>
  TABLE[action].from.includes(status);

/** The statuses `action` applies to, as words: "pending or failed". */
export const appliesTo = (action: LinkAction): string => TABLE[action].from.join(' or ');

/** Where `action` takes a link it applies to. */
export const statusAfter = (action: LinkAction): LinkStatus => TABLE[action].to;

/** The one action that ends in `status` (every status but pending has one). */
export const actionTo = (status: Exclude<LinkStatus, 'pending'>): LinkAction =>
  ACTIONS.find((action) => TABLE[action].to === status) as LinkAction;

/** The event a link sends on arriving in `status` (none for pending: a link is made pending). */
export const eventOf = (status: LinkStatus): WebhookEventType | undefined =>
  status === 'pending' ? undefined : TABLE[actionTo(status)].event;

/** The status an event leaves its link in: the link an event carries is the link as it left it. */
export const statusAfterEvent = (type: WebhookEventType): Exclude<LinkStatus, 'pending'> =>
  TABLE[ACTIONS.find((action) => TABLE[action].event === type) as LinkAction].to;

/** A status as the console names it: the reference's word, capitalised. */
export const STATUS_LABEL: Record<LinkStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  expired: 'Expired',
  canceled: 'Canceled',
};

/**
 * The one mapping a newcomer trips over (docs/contract.md §4): the action and the status it leads
 * to are named apart in the reference (simulate `paid`, status `succeeded`, event
 * `payment_link.paid`). Each is said with the other, in the console's tooltips and messages.
 */
export function actionWords(action: LinkAction): string {
  const { label, to, event } = TABLE[action];
  return `${label} takes a ${appliesTo(action)} link to ${STATUS_LABEL[to]} (status ${to}) and sends ${event}`;
}

/** A status with how a link gets there: "Succeeded: after Paid (simulate paid, event payment_link.paid)". */
export function statusWords(status: LinkStatus): string {
  if (status === 'pending') return 'Pending: made, not yet paid, failed, expired or canceled';
  const action = actionTo(status);
  const how = action === 'cancel' ? 'POST /payment-links/{id}/cancel' : `simulate ${action}`;
  return `${STATUS_LABEL[status]} (status ${status}): after ${TABLE[action].label} (${how}, event ${TABLE[action].event})`;
}

/** Why links cannot take an action, in the console's words: "Succeeded: Paid takes Pending links only". */
export const cannotTake = (action: LinkAction, status: LinkStatus): string =>
  `${STATUS_LABEL[status]}: ${TABLE[action].label} takes ${TABLE[action].from.map((s) => STATUS_LABEL[s]).join(' or ')} links only`;
