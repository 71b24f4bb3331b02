// One delivery with every attempt, as it went over the wire: request, signature and response.
import { RESPONSE_BODY_LIMIT } from '../../../../shared/types';
import { Drawer } from '../../components/Drawer';
import type { InspectedAttempt } from '../../api/consoleClient';
import { retryNowNote } from '../../lib/retryNowWords';
import { useConsoleStore } from '../../store/consoleStore';
import { selectInspected } from '../../store/deliveryRecordsSlice';
import { DeliveryActions } from './DeliveryActions';
import { DeliveryBadge } from './DeliveryBadge';
import { RequestAndAnswer } from './RequestAndAnswer';

const BUDGET_HINT = 'to stay within Settings → Webhooks → Response bodies kept';

/**
 * Why a body was cut, told by what is left of it: one cut on arrival keeps its first 64 KiB (a few
 * bytes less where the cut split a character), one cut later to keep within the budget keeps 1 KiB
 * or nothing.
 */
function truncatedNote(body: string): string {
  const bytes = new TextEncoder().encode(body).length;
  if (bytes === 0) return `The response body was dropped ${BUDGET_HINT}; newer attempts keep theirs.`;
  if (bytes >= RESPONSE_BODY_LIMIT - 4) return 'Only the first 64 KiB were kept.';
  return `Only the first ${Math.ceil(bytes / 1024)} KiB were kept: older response bodies are cut ${BUDGET_HINT}.`;
}

function Attempt({ attempt }: { attempt: InspectedAttempt }) {
  const ok = attempt.response !== null && attempt.response.status >= 200 && attempt.response.status < 300;
  const schedule = useConsoleStore((state) => state.settings?.webhook_retry_schedule_seconds);
  return (
    <RequestAndAnswer
      heading={
        <>
          Attempt {attempt.number}
          {attempt.series > 1 && <span className="muted"> · series {attempt.series}</span>}
          {attempt.retry_now && <span className="chip chip-retry-now">Retry now</span>}
        </>
      }
      note={attempt.retry_now && retryNowNote(schedule, attempt.number, !ok)}
      name={`Attempt ${attempt.series}.${attempt.number}`}
      at={attempt.started_at}
      durationMs={attempt.duration_ms}
      request={{ method: 'POST', ...attempt.request }}
      response={attempt.response}
      error={attempt.error}
      signatureVerified={attempt.signature_verified}
      cutNote={truncatedNote}
    />
  );
}

export function DeliveryInspector() {
  const id = useConsoleStore((state) => state.inspector.id);
  const delivery = useConsoleStore(selectInspected);
  const inspect = useConsoleStore((state) => state.inspectDelivery);

  const attempts = delivery ? [...delivery.attempts].reverse() : [];
  return (
    <Drawer
      title="Delivery"
      sub={id}
      actions={delivery && <DeliveryActions delivery={delivery} />}
      onClose={() => inspect(null)}
    >
      {!delivery ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          <dl className="facts">
            <div>
              <dt>State</dt>
              <dd>
                <DeliveryBadge status={delivery.status} />
              </dd>
            </div>
            <div>
              <dt>Event</dt>
              <dd>
                <code>{delivery.event_type}</code>
                {delivery.test && <span className="chip chip-test">test</span>}
                <span className="sub mono"> {delivery.event_id}</span>
              </dd>
            </div>
            <div>
              <dt>Link</dt>
              <dd className="mono">
                {delivery.test ? (
                  <>
                    {delivery.link_id}{' '}
                    <span className="sub">(a sample: test events name no stored link)</span>
                  </>
                ) : (
                  <a href={`#/links/${encodeURIComponent(delivery.link_id)}`} title="Open this link's detail">
                    {delivery.link_id}
                  </a>
                )}
              </dd>
            </div>
            <div>
              <dt>Endpoint</dt>
              <dd className="mono">{delivery.endpoint_url}</dd>
            </div>
          </dl>
          {attempts.length === 0 ? (
            <p className="panel-empty muted">
              No attempt yet.{' '}
              {delivery.status === 'paused'
                ? 'The queue is paused: resume it to send this delivery.'
                : 'It goes out as soon as the queue reaches it.'}
            </p>
          ) : (
            attempts.map((attempt) => (
              <Attempt key={`${attempt.series}.${attempt.number}`} attempt={attempt} />
            ))
          )}
        </>
      )}
    </Drawer>
  );
}
