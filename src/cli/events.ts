import type { DeliverySummary } from '../shared/deliverySummary';
import { CommandFailure, SandboxClient, targetCommand, targetOptions } from './sandboxClient';

export const EVENTS_USAGE = `Usage: payment-links-sandbox events resend ID

Resends webhooks from the running sandbox: ID is an event (evt_…: every delivery of it, one per
endpoint that wanted it) or one delivery (dlv_…). Each starts a new series of attempts with the
same webhook-id, so a receiver can show it handles a repeat.

Options:
${targetOptions()}`;

const line = (d: DeliverySummary): string =>
  `Resent ${d.id} (${d.event_type} ${d.event_id}) → ${d.endpoint_url}: ${d.status}`;

/** `events resend ID`. */
export const events = targetCommand('events', EVENTS_USAGE, {}, async ({ values, positionals }) => {
  const [action, id, ...extra] = positionals;
  if (action !== 'resend' || id === undefined || extra.length > 0)
    throw new CommandFailure('the one events command is: events resend ID (see --help)', 2);
  const path = id.startsWith('evt_')
    ? `/sandbox/events/${encodeURIComponent(id)}/resend`
    : id.startsWith('dlv_')
      ? `/sandbox/deliveries/${encodeURIComponent(id)}/resend`
      : undefined;
  if (!path) throw new CommandFailure(`"${id}" is neither an event id (evt_…) nor a delivery id (dlv_…)`, 2);
  const { data } = await SandboxClient.from(values).call<{ data: DeliverySummary | DeliverySummary[] }>(
    'POST',
    path,
  );
  const resent = Array.isArray(data) ? data : [data];
  if (resent.length === 0)
    throw new CommandFailure(`event ${id} has no deliveries to resend: no endpoint wanted it`, 1);
  for (const delivery of resent) console.log(line(delivery));
  return 0;
});
