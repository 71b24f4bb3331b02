// "Check this endpoint": the probes of docs/endpoint-check.md against one endpoint, each with its
// verdict, the requests sent and the answers, why it matters and how to fix it, and what changed
// since the check before.
import { useEffect, useRef } from 'react';
import type { EndpointCheck, EndpointCheckProbe } from '../../../../shared/endpointCheck';
import {
  compareReports,
  comparisonSentence,
  rootCause,
  type RootCause,
} from '../../../../shared/endpointCheckReports';
import type { WebhookEndpoint } from '../../../../shared/types';
import { Drawer } from '../../components/Drawer';
import { OfflineGate } from '../../components/OfflineGate';
import { formatDateTime } from '../../lib/dates';
import { PROBE_SNIPPETS, RECEIVERS_DOC } from '../../lib/receiverSnippets';
import { useConsoleStore } from '../../store/consoleStore';
import { RequestAndAnswer } from './RequestAndAnswer';

/** A check keeps the first 4 KiB of each answer (docs/endpoint-check.md). */
const ANSWER_CUT = 'Only the first 4 KiB of the answer were kept.';

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

/** Where a probe stands when the valid event failed: the root cause, one that follows from it, or neither. */
type Standing = 'cause' | 'follows' | null;

function standingOf(probe: EndpointCheckProbe, cause: RootCause | null): Standing {
  if (!cause) return null;
  if (probe.name === cause.probe) return 'cause';
  return cause.following.includes(probe.name) ? 'follows' : null;
}

const STANDING_MARK: Record<Exclude<Standing, null>, string> = {
  cause: 'Fix this first',
  follows: 'Follows from the valid event',
};

function Probe({ probe, standing }: { probe: EndpointCheckProbe; standing: Standing }) {
  const done = probe.status !== 'pending' && probe.status !== 'running';
  // A failed or warned probe opens on its fix, unless its failure follows from the valid event's:
  // its own fix would send the tester after the wrong thing. The passes stay one line each.
  const open = (probe.status === 'fail' || probe.status === 'warn') && standing !== 'follows';
  return (
    <li
      className={`check-probe check-probe-${probe.status}${standing === 'follows' ? ' check-probe-follows' : ''}`}
      aria-label={probe.title}
    >
      <details open={open}>
        <summary>
          <ProbeBadge status={probe.status} />
          <span className="check-probe-title">{probe.title}</span>
          {standing && (
            <span className={`check-standing check-standing-${standing}`}>{STANDING_MARK[standing]}</span>
          )}
        </summary>
        <div className="check-probe-body">
          {standing === 'follows' && (
            <p className="check-reason">
              It got the valid event&rsquo;s answer, so this verdict says nothing yet about what it tests: fix
              the valid event first, then check again.
            </p>
          )}
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
                <RequestAndAnswer
                  key={i}
                  heading={`Request ${i + 1}`}
                  name={`Request ${i + 1}`}
                  durationMs={exchange.duration_ms}
                  request={exchange.request}
                  response={exchange.response}
                  error={exchange.error}
                  cutNote={() => ANSWER_CUT}
                />
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

/** When the valid event failed, that leads the report: the failures after it mostly follow from it. */
function RootCauseNote({ cause }: { cause: RootCause }) {
  return (
    <div className="check-root-cause" data-testid="check-root-cause">
      <p>
        <strong>{cause.headline}</strong>
      </p>
      <p>{cause.detail}</p>
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
  const cause = latest?.status === 'done' ? rootCause(latest) : null;
  return (
    <Drawer
      title="Endpoint check"
      sub={endpoint.url}
      actions={
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
      }
      onClose={onClose}
    >
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
            {cause && <RootCauseNote cause={cause} />}
            {latest.status === 'done' && <Comparison latest={latest} previous={previous} />}
          </div>
          <ul className="check-probes" aria-label="Probes">
            {latest.probes.map((probe) => (
              <Probe key={probe.name} probe={probe} standing={standingOf(probe, cause)} />
            ))}
          </ul>
        </section>
      )}
    </Drawer>
  );
}
