// One request as it went over the wire: who sent it, how it was answered, and both bodies.
import { useState } from 'react';
import { useModalDialog } from '../../hooks/useModalDialog';
import { CopyButton } from '../../components/CopyButton';
import { formatDateTime } from '../../lib/dates';
import { formatMs, prettyJson, type RequestRow } from '../../lib/requestLog';
import { useConsoleStore } from '../../store/consoleStore';
import { StatusCode } from './StatusCode';

function Body({ title, body }: { title: string; body: string | null }) {
  const [raw, setRaw] = useState(false);
  const pretty = body ? prettyJson(body) : null;
  return (
    <section className="request-body" aria-label={title}>
      <header className="request-body-header">
        <h4>{title}</h4>
        {pretty?.json && (
          <button
            type="button"
            className="button button-small"
            aria-pressed={raw}
            onClick={() => setRaw((value) => !value)}
          >
            {raw ? 'Pretty' : 'Raw'}
          </button>
        )}
        {body && <CopyButton text={body} label={`Copy the ${title.toLowerCase()}`} />}
      </header>
      {pretty ? (
        <pre className="body-block" data-testid={raw ? 'body-raw' : 'body-text'}>
          {raw ? body : pretty.text}
        </pre>
      ) : (
        <p className="muted">{body === null ? 'Not kept for this request.' : 'Empty body'}</p>
      )}
      {body && body.length >= 64 * 1024 && <p className="hint">Only the first 64 KiB were kept.</p>}
    </section>
  );
}

export function RequestDetail({ row }: { row: RequestRow }) {
  const dialogRef = useModalDialog();
  const select = useConsoleStore((state) => state.selectRequest);
  const { entry } = row;

  return (
    <dialog
      ref={dialogRef}
      className="drawer"
      aria-labelledby="request-title"
      onClose={() => select(null)}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialogRef.current?.close();
      }}
    >
      <div className="drawer-inner">
        <header className="drawer-header">
          <div>
            <h3 id="request-title" className="mono request-line">
              {entry.method} {entry.path}
            </h3>
            <p className="sub mono">{entry.request_id}</p>
          </div>
          <button
            type="button"
            className="button button-small"
            aria-label="Close the request"
            onClick={() => dialogRef.current?.close()}
          >
            Close
          </button>
        </header>
        <dl className="facts">
          <div>
            <dt>Status</dt>
            <dd>
              <StatusCode status={entry.status} />
              {entry.replayed && <span className="replayed-badge">replayed</span>}
            </dd>
          </div>
          <div>
            <dt>Duration</dt>
            <dd>{formatMs(entry.duration_ms)}</dd>
          </div>
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
            <dd className="mono">{entry.key_prefix ?? '—'}</dd>
          </div>
          <div>
            <dt>Idempotency-Key</dt>
            <dd className="mono">{entry.idempotency_key ?? '—'}</dd>
          </div>
          <div>
            <dt>Replayed</dt>
            <dd>{entry.replayed ? 'Yes: the stored answer to the first request was sent again' : 'No'}</dd>
          </div>
        </dl>
        <Body title="Request body" body={entry.request_body} />
        <Body title="Response body" body={entry.response_body} />
      </div>
    </dialog>
  );
}
