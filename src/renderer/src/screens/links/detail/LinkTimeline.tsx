// The status timeline: created → paid / failed / expired / canceled → settled, with times.
import type { PaymentLink, WebhookEvent } from '../../../../../shared/types';
import { formatDateTime } from '../../../lib/dates';
import { linkTimeline } from '../../../lib/linkTimeline';
import { useNow } from '../../../hooks/useNow';

export function LinkTimeline({ link, events }: { link: PaymentLink; events: WebhookEvent[] }) {
  const now = useNow();
  const steps = linkTimeline(link, events, now);
  return (
    <ol className="timeline" aria-label="Status timeline">
      {steps.map((step) => (
        <li key={step.key} className={step.upcoming ? 'timeline-step upcoming' : 'timeline-step'}>
          <span className="timeline-dot" aria-hidden="true" />
          <span className="timeline-label">
            {step.label}
            {step.upcoming && <span className="visually-hidden"> (upcoming)</span>}
          </span>
          <time className="timeline-time" dateTime={step.at}>
            {formatDateTime(step.at)}
          </time>
          {step.detail && <span className="timeline-detail">{step.detail}</span>}
        </li>
      ))}
    </ol>
  );
}
