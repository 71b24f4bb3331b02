import type { ClockHome } from '../shared/consoleSchemas';
import type { StoreState } from './store/storeState';
import { isoTime } from './clock';

/**
 * What stays stamped after `now` when the clock goes back (docs/clock.md, "Back to real time"):
 * nothing is rewritten, so a link paid in the sandbox's future keeps that paid_at. A pending link's
 * expires_at is ahead by nature and not counted; an expired link's is when it expired.
 */
export function stampedAhead(state: StoreState, now: number): Omit<ClockHome, 'went_back_seconds'> {
  // ISO times with milliseconds compare correctly as strings.
  const at = isoTime(now);
  const after = (time: string | null) => time !== null && time > at;
  let links = 0;
  for (const link of state.links.values())
    if (
      after(link.created_at) ||
      after(link.paid_at) ||
      after(link.settled_at) ||
      (link.status === 'expired' && after(link.expires_at))
    )
      links++;
  let deliveries = 0;
  let waiting = 0;
  for (const delivery of state.deliveries.values()) {
    if (after(delivery.updated_at)) deliveries++;
    if ((delivery.status === 'queued' || delivery.status === 'retrying') && after(delivery.next_attempt_at))
      waiting++;
  }
  return {
    links_stamped_ahead: links,
    deliveries_stamped_ahead: deliveries,
    deliveries_waiting_ahead: waiting,
  };
}
