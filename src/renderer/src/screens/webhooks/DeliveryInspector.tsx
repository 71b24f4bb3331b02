// One delivery with every attempt, as it went over the wire: request, signature and response.
import { curlCommand } from '../../../../shared/curlCommand';
import { RESPONSE_BODY_LIMIT } from '../../../../shared/types';
import { CopyButton } from '../../components/CopyButton';
import { useModalDialog } from '../../hooks/useModalDialog';
import type { InspectedAttempt } from '../../api/consoleClient';
import { formatDateTime } from '../../lib/dates';
import { retryNowNote } from '../../lib/retryNowWords';
import { formatDuration, prettyBody } from '../../lib/webhookFormat';
import { useConsoleStore } from '../../store/consoleStore';
import { selectInspected } from '../../store/deliveryRecordsSlice';
import { DeliveryActions } from './DeliveryActions';
import { DeliveryBadge } from './DeliveryBadge';

export function Headers({ headers, label }: { headers: Record<string, string>; label: string }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <p className="muted">No headers</p>;
  return (
    <dl className="headers" aria-label={label}>
      {entries.map(([name, value]) => (
        <div key={name} className="header-row">
          <dt>{name}</dt>
          <dd className="mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Body({ body, truncated }: { body: string; truncated?: boolean }) {
  const text = prettyBody(body);
  const note = truncated && (
    <p className="hint" data-testid="body-truncated">
      {truncatedNote(body)}
    </p>
  );
  if (!text) return note || <p className="muted">Empty body</p>;
  return (
    <>
      <pre tabIndex={0} className="body-block">
        {text}
      </pre>
      {note}
    </>
  );
}

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
  const signature = attempt.request.headers['webhook-signature'];
  const verified = attempt.signature_verified;
  const ok = attempt.response !== null && attempt.response.status >= 200 && attempt.response.status < 300;
  const schedule = useConsoleStore((state) => state.settings?.webhook_retry_schedule_seconds);
  return (
    <article className="attempt" aria-label={`Attempt ${attempt.series}.${attempt.number}`}>
      <header className="attempt-header">
        <h4>
          Attempt {attempt.number}
          {attempt.series > 1 && <span className="muted"> · series {attempt.series}</span>}
          {attempt.retry_now && <span className="chip chip-retry-now">Retry now</span>}
        </h4>
        <span className="muted">{formatDateTime(attempt.started_at)}</span>
        <span className="muted">{formatDuration(attempt.duration_ms)}</span>
        <span className={ok ? 'http-status http-ok' : 'http-status http-bad'} data-testid="response-status">
          {attempt.response ? `HTTP ${attempt.response.status}` : 'No response'}
        </span>
      </header>
      {attempt.retry_now && <p className="hint">{retryNowNote(schedule, attempt.number, !ok)}</p>}
      {attempt.error && <p className="attempt-error">{attempt.error}</p>}

      <h5>Request</h5>
      <p className="mono request-line">
        POST {attempt.request.url}{' '}
        <CopyButton
          text={curlCommand({ method: 'POST', ...attempt.request })}
          label={`Copy as curl: attempt ${attempt.series}.${attempt.number} as a command`}
          caption="Copy as curl"
        />
      </p>
      {signature && (
        <div className="signature">
          <span className="signature-label">Signature</span>
          <span className="mono signature-value">{signature}</span>
          {verified !== undefined && (
            <span className={verified ? 'sig-badge sig-ok' : 'sig-badge sig-bad'}>
              {verified ? 'verifies' : 'does not verify'}
            </span>
          )}
        </div>
      )}
      <Headers headers={attempt.request.headers} label="Request headers" />
      <Body body={attempt.request.body} />

      <h5>Response</h5>
      {attempt.response ? (
        <>
          <Headers headers={attempt.response.headers} label="Response headers" />
          <Body body={attempt.response.body} truncated={attempt.response.body_truncated} />
        </>
      ) : (
        <p className="muted">Nothing came back.</p>
      )}
    </article>
  );
}

export function DeliveryInspector() {
  const dialogRef = useModalDialog();
  const id = useConsoleStore((state) => state.inspector.id);
  const delivery = useConsoleStore(selectInspected);
  const inspect = useConsoleStore((state) => state.inspectDelivery);

  const attempts = delivery ? [...delivery.attempts].reverse() : [];
  return (
    <dialog
      ref={dialogRef}
      className="drawer"
      aria-labelledby="inspector-title"
      onClose={() => inspect(null)}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialogRef.current?.close();
      }}
    >
      <div className="drawer-inner">
        <header className="drawer-header">
          <div>
            <h3 id="inspector-title">Delivery</h3>
            <p className="sub mono">{id}</p>
          </div>
          <div className="drawer-header-actions">
            {delivery && <DeliveryActions delivery={delivery} />}
            <button
              type="button"
              className="button button-small"
              aria-label="Close the inspector"
              onClick={() => dialogRef.current?.close()}
            >
              Close
            </button>
          </div>
        </header>
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
                    <a
                      href={`#/links/${encodeURIComponent(delivery.link_id)}`}
                      title="Open this link's detail"
                    >
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
      </div>
    </dialog>
  );
}
