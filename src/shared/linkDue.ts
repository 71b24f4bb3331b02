// What the clock does next to a link, and when: the one rule the scheduler applies, the domain
// checks before it changes a link, and the console shows (the detail's "Advance to" and timeline).
import type { PaymentLink } from './types';

export interface DueChange {
  /** A pending link expires; a paid one, not yet settled, settles. */
  kind: 'expire' | 'settle';
  /** When, as the link holds it. */
  at: string;
}

/** The change the clock will next make to `link`, or null when it waits for nothing. */
export function dueChange(
  link: Pick<PaymentLink, 'status' | 'expires_at' | 'settle_at' | 'settled_at'>,
): DueChange | null {
  if (link.status === 'pending') return { kind: 'expire', at: link.expires_at };
  if (link.settle_at !== null && link.settled_at === null) return { kind: 'settle', at: link.settle_at };
  return null;
}

/** `link`'s due change of `kind`, when it is due by `now` (ms). */
export function dueBy(
  link: Pick<PaymentLink, 'status' | 'expires_at' | 'settle_at' | 'settled_at'>,
  kind: DueChange['kind'],
  now: number,
): boolean {
  const due = dueChange(link);
  return due !== null && due.kind === kind && Date.parse(due.at) <= now;
}
