// One request as it went over the wire: who sent it, how it was answered, and both bodies.
import { missingRequestBody, missingResponseBody } from '../../../../shared/missingBodies';
import { BodyBlock } from '../../components/BodyBlock';
import { Drawer } from '../../components/Drawer';
import { formatDateTime } from '../../lib/dates';
import { formatMs, type RequestRow } from '../../lib/requestLog';
import { useConsoleStore } from '../../store/consoleStore';
import { FaultMark } from '../faults/FaultMark';
import { FAULT_OUTCOME } from '../faults/describeFault';
import { HeaderList } from './HeaderList';
import { RequestActions } from './RequestActions';
import { StatusCode } from './StatusCode';
import { REQUEST_GONE_WHY } from '../../../../shared/requestLogRetention';

const keptHint = (length: number | null) =>
  length !== null && length >= 64 * 1024 ? 'Only the first 64 KiB were kept.' : undefined;

/** Both bodies once fetched; while they load, or once the server no longer has them, one line says so. */
function Bodies({ entry }: { entry: RequestRow }) {
  const bodies = useConsoleStore((state) => state.requests.bodies);
  if (bodies.phase !== 'ready') {
    const text = {
      loading: 'Loading the headers and bodies…',
      gone: `The bodies are gone. ${REQUEST_GONE_WHY}`,
      error: 'Could not load the bodies; close and open the request again.',
    }[bodies.phase];
    return <p className="muted">{text}</p>;
  }
  return (
    <>
      <RequestActions entry={entry} bodies={bodies} />
      <HeaderList title="Request headers" headers={bodies.request_headers} />
      <BodyBlock
        label="Request body"
        body={bodies.request_body}
        whyNone={missingRequestBody({ ...entry, ...bodies }) ?? undefined}
        hint={keptHint(entry.request_body_length)}
      />
      <HeaderList title="Response headers" headers={bodies.response_headers} />
      <BodyBlock
        label="Response body"
        body={bodies.response_body}
        whyNone={missingResponseBody({ ...entry, ...bodies }) ?? undefined}
        hint={keptHint(entry.response_body_length)}
      />
    </>
  );
}

export function RequestDetail({ row: entry }: { row: RequestRow }) {
  const select = useConsoleStore((state) => state.selectRequest);

  return (
    <Drawer
      title={`${entry.method} ${entry.path}`}
      monoTitle
      sub={entry.request_id}
      onClose={() => select(null)}
    >
      <dl className="facts">
        <div>
          <dt>Status</dt>
          <dd>
            <StatusCode status={entry.status} />
            {entry.replayed && <span className="replayed-badge">replayed</span>}
            <FaultMark fault={entry.fault} />
          </dd>
        </div>
        {entry.fault && (
          <div>
            <dt>Fault</dt>
            <dd>
              Rule <span className="mono">{entry.fault.rule_id}</span>: {FAULT_OUTCOME[entry.fault.action]}
            </dd>
          </div>
        )}
        <div>
          <dt>Duration</dt>
          <dd>{formatMs(entry.duration_ms)}</dd>
        </div>
        {entry.link_id && (
          <div>
            <dt>Link</dt>
            <dd className="mono">
              {/* A way across: the link this request created, read, changed or simulated on. */}
              <a href={`#/links/${encodeURIComponent(entry.link_id)}`} title="Open this link's detail">
                {entry.link_id}
              </a>
            </dd>
          </div>
        )}
        <div>
          <dt>Request id</dt>
          <dd className="mono">{entry.request_id}</dd>
        </div>
        <div>
          <dt>At</dt>
          <dd>{formatDateTime(entry.at)}</dd>
        </div>
        <div>
          <dt>Key prefix</dt>
          <dd className="mono">
            {entry.key_prefix ?? '—'}
            {entry.key_rejected && <span className="rejected-badge">rejected</span>}
          </dd>
        </div>
        <div>
          <dt>Idempotency-Key</dt>
          <dd className="mono">{entry.idempotency_key ?? '—'}</dd>
        </div>
        {entry.replay_of !== undefined && (
          <div>
            <dt>Console replay</dt>
            <dd>Sent again from request {entry.replay_of} with Replay</dd>
          </div>
        )}
        <div>
          <dt>Replayed</dt>
          <dd>{entry.replayed ? 'Yes: the stored answer to the first request was sent again' : 'No'}</dd>
        </div>
      </dl>
      <Bodies entry={entry} />
    </Drawer>
  );
}
