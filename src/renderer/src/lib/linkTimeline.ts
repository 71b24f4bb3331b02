// A link's status timeline: what happened to it and when, then what is still due.
import { dueChange } from '../../../shared/linkDue';
import type { PaymentLink, WebhookEvent } from '../../../shared/types';

export interface TimelineStep {
  key: string;
  label: string;
  at: string;
  /** A time still ahead (expiry of a pending link, settlement of a paid one). */
  upcoming: boolean;
  detail?: string;
}

const EVENT_LABEL: Record<WebhookEvent['type'], string> = {
  'payment_link.paid': 'Paid',
  'payment_link.failed': 'Failed',
  'payment_link.expired': 'Expired',
  'payment_link.canceled': 'Canceled',
};

/**
 * Built from the link's own times and its recorded events, oldest first. The events carry the
 * moments of each change; the link alone tells when it was created and when it settles.
 */
export function linkTimeline(link: PaymentLink, events: WebhookEvent[], now: number): TimelineStep[] {
  const steps: TimelineStep[] = [{ key: 'created', label: 'Created', at: link.created_at, upcoming: false }];
  const ordered = [...events].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  for (const event of ordered) {
    steps.push({
      key: event.id,
      label: EVENT_LABEL[event.type],
      at: event.timestamp,
      upcoming: false,
      detail: event.type === 'payment_link.paid' ? `by ${event.data.payment_method ?? 'card'}` : undefined,
    });
  }
  const due = dueChange(link);
  if (due?.kind === 'expire') steps.push({ key: 'expires', label: 'Expires', at: due.at, upcoming: true });
  if (link.settled_at) {
    steps.push({ key: 'settled', label: 'Settled', at: link.settled_at, upcoming: false });
  } else if (due?.kind === 'settle') {
    steps.push({ key: 'settles', label: 'Settles', at: due.at, upcoming: Date.parse(due.at) > now });
  }
  return steps;
}
