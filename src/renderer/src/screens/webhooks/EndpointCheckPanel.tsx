// "Check this endpoint": the probes of docs/endpoint-check.md against one endpoint, each with its
// verdict, the requests sent and the answers, why it matters and how to fix it, and what changed
// since the check before.
import { useEffect, useRef } from 'react';
import type {
  EndpointCheck,
  EndpointCheckExchange,
  EndpointCheckProbe,
} from '../../../../shared/endpointCheck';
import { compareReports, comparisonSentence } from '../../../../shared/endpointCheckReports';
import type { WebhookEndpoint } from '../../../../shared/types';
import { OfflineGate } from '../../components/OfflineGate';
import { useModalDialog } from '../../hooks/useModalDialog';
import { formatDateTime } from '../../lib/dates';
import { PROBE_SNIPPETS, RECEIVERS_DOC } from '../../lib/receiverSnippets';
import { formatDuration } from '../../lib/webhookFormat';
import { useConsoleStore } from '../../store/consoleStore';
import { Headers } from './DeliveryInspector';

const STATUS_LABEL: Record<EndpointCheckProbe['status'], string> = {
  pending: 'Waiting',
  running: 'Running',
  pass: 'Pass',
  fail: 'Fail',
  warn: 'Warn',
};

function ProbeBadge({ status }: { status: EndpointCheckProbe['status'] }) {
  return <span className={`badge badge-check-${status}`}>{STATUS_LABEL[status]}</span>;
}

function Exchange({ exchange, n }: { exchange: EndpointCheckExchange; n: number }) {
  const { request, response } = exchange;
  return (
    <div className="check-exchange">
      <h4>
        Request {n} <span className="muted">· {formatDuration(Math.round(exchange.duration_ms))}</span>
      </h4>
      <p className="mono request-line">POST {request.url}</p>
      <Headers headers={request.headers} label={`Request ${n} headers`} />
      <pre tabIndex={0} className="body-block check-body" aria-label={`Request ${n} body`}>
        {request.body}
      </pre>
      <h4>Answer</h4>
      {response ? (
        <>
          <p className="mono">HTTP {response.status}</p>
          <Headers headers={response.headers} label={`Answer ${n} headers`} />
          {response.body ? (
            <pre tabIndex={0} className="body-block check-body" aria-label={`Answer ${n} body`}>
              {response.body}
              {response.body_truncated && '…'}
            </pre>
          ) : (
            <p className="muted">Empty body</p>
          )}
        </>
      ) : (
        <p className="attempt-error">No answer: {exchange.error}</p>
      )}
    </div>
  );
}

function Snippets({ name }: { name: string }) {
  const snippets = PROBE_SNIPPETS[name];
  if (!snippets) return null;
  return (
    <details className="check-more">
      <summary>The fix in code</summary>
      {snippets.map((snippet) => (
        <figure key={`${snippet.file}:${snippet.code}`} className="check-snippet">
          <figcaption>
            <strong>{snippet.framework}</strong> <span className="mono">{snippet.file}</span>
            {!snippet.runHere && <span className="muted"> (not run here)</span>}
          </figcaption>
          <pre tabIndex={0} className="body-block" aria-label={`${snippet.framework} snippet`}>
            {snippet.code}
          </pre>
        </figure>
      ))}
      <p className="hint">
        Whole receivers for Express, Fastify, Next.js, Laravel and Django:{' '}
        <span className="mono">{RECEIVERS_DOC}</span>.
      </p>
    </details>
  );
}

function Probe({ probe }: { probe: EndpointCheckProbe }) {
  const done = probe.status !== 'pending' && probe.status !== 'running';
  return (
    <li className={`check-probe check-probe-${probe.status}`} aria-label={probe.title}>
      {/* A failed or warned probe opens on its fix; the passes stay one line each. */}
      <details open={probe.status === 'fail' || probe.status === 'warn'}>
        <summary>
          <ProbeBadge status={probe.status} />
          <span className="check-probe-title">{probe.title}</span>
        </summary>
        <div className="check-probe-body">
          {probe.reason && <p className="check-reason">{probe.reason}</p>}
          <dl className="facts">
            <div>
              <dt>Sends</dt>
              <dd>{probe.sends}</dd>
            </div>
            <div>
              <dt>Expects</dt>
              <dd>{probe.expects}</dd>
            </div>
          </dl>
          <p>
            <strong>Why: </strong>
            {probe.why}
          </p>
          <p>
            <strong>Fix: </strong>
            {probe.fix}
          </p>
          <Snippets name={probe.name} />
          {done && probe.exchanges.length > 0 && (
            <details className="check-more">
              <summary>
                The {probe.exchanges.length === 1 ? 'request' : `${probe.exchanges.length} requests`} sent and
                the {probe.exchanges.length === 1 ? 'answer' : 'answers'}
              </summary>
              {probe.exchanges.map((exchange, i) => (
                <Exchange key={i} exchange={exchange} n={i + 1} />
              ))}
            </details>
          )}
        </div>
      </details>
    </li>
  );
}

function Comparison({ latest, previous }: { latest: EndpointCheck; previous: EndpointCheck | undefined }) {
  if (!previous) return <p className="muted">The first check of this endpoint kept here.</p>;
  const comparison = compareReports(latest, previous);
  const named = (label: string, probes: EndpointCheckProbe[]) =>
    probes.length > 0 && (
      <li>
        {label}: {probes.map((p) => p.title).join(', ')}
      </li>
    );
  return (
    <div className="check-comparison" data-testid="check-comparison">
      <p>
        <strong>{comparisonSentence(comparison)}</strong>{' '}
        <span className="muted">(checked {formatDateTime(previous.started_at)})</span>
      </p>
      <ul>
        {named('Fixed', comparison.fixed)}
        {named('New failures', comparison.newFailures)}
        {named('Still failing', comparison.stillFailing)}
      </ul>
    </div>
  );
}

function Summary({ check }: { check: EndpointCheck }) {
  if (check.status === 'running')
    return (
      <p className="check-summary">
        <ProbeBadge status="running" /> {check.progress.done} of {check.progress.total} probes done…
      </p>
    );
  return (
    <p className="check-summary">
      <ProbeBadge status={check.result ?? 'pass'} /> {check.counts.pass} passed, {check.counts.fail} failed,{' '}
      {check.counts.warn} warned <span className="muted">· {formatDateTime(check.started_at)}</span>
    </p>
  );
}

export function EndpointCheckPanel({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose(): void }) {
  const dialogRef = useModalDialog();
  const checks = useConsoleStore((state) => state.endpointChecks.byEndpoint[endpoint.id]);
  const error = useConsoleStore((state) => state.endpointChecks.errors[endpoint.id]);
  const open = useConsoleStore((state) => state.openEndpointCheck);
  const start = useConsoleStore((state) => state.startEndpointCheck);
  // Once per opening, however often React runs the effect.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void open(endpoint.id);
  }, [endpoint.id, open]);

  const latest = checks?.[0];
  const running = latest?.status === 'running';
  const previous = checks?.slice(1).find((check) => check.status === 'done');
  return (
    <dialog
      ref={dialogRef}
      className="drawer"
      aria-labelledby="endpoint-check-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialogRef.current?.close();
      }}
    >
      <div className="drawer-inner">
        <header className="drawer-header">
          <div>
            <h3 id="endpoint-check-title">Endpoint check</h3>
            <p className="sub mono">{endpoint.url}</p>
          </div>
          <div className="drawer-header-actions">
            <OfflineGate>
              <button
                type="button"
                className="button button-small button-primary"
                disabled={running}
                aria-busy={running || undefined}
                onClick={() => void start(endpoint.id)}
              >
                Check again
              </button>
            </OfflineGate>
            <button
              type="button"
              className="button button-small"
              aria-label="Close the endpoint check"
              onClick={() => dialogRef.current?.close()}
            >
              Close
            </button>
          </div>
        </header>
        <p className="muted">
          Deliveries that break receivers, sent to this endpoint signed with its secret (or deliberately not).
          The events are synthetic (link ids starting <code>endpoint_check_</code>): nothing is stored and no
          delivery is recorded.
        </p>
        {error && (
          <p className="attempt-error" role="alert">
            {error}
          </p>
        )}
        {checks === undefined ? (
          <p className="muted">Loading…</p>
        ) : !latest ? (
          <p className="muted">Starting the check…</p>
        ) : (
          <section aria-label="Latest check" className="check-report">
            <div aria-live="polite">
              <Summary check={latest} />
              {latest.status === 'done' && <Comparison latest={latest} previous={previous} />}
            </div>
            <ul className="check-probes" aria-label="Probes">
              {latest.probes.map((probe) => (
                <Probe key={probe.name} probe={probe} />
              ))}
            </ul>
          </section>
        )}
      </div>
    </dialog>
  );
}
