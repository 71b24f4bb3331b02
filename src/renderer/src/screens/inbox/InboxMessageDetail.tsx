// One received message: why it verified or not, how it was answered, its headers and its body.
import { useState } from 'react';
import type { InboxMessage, InboxMessageSummary } from '../../../../shared/types';
import { CopyButton } from '../../components/CopyButton';
import { useModalDialog } from '../../hooks/useModalDialog';
import { formatDateTime } from '../../lib/dates';
import { prettyJson } from '../../lib/requestLog';
import { useConsoleStore } from '../../store/consoleStore';
import { StatusCode } from '../requests/StatusCode';
import { VerifyBadge } from './VerifyBadge';

function Body({ message }: { message: InboxMessage }) {
  const [raw, setRaw] = useState(false);
  const pretty = message.body_encoding === 'utf8' ? prettyJson(message.body) : null;
  return (
    <section className="request-body" aria-label="Body">
      <header className="request-body-header">
        <h4>Body{message.body_encoding === 'base64' ? ' (binary, as base64)' : ''}</h4>
        {pretty?.json && (
          <button
            type="button"
            className="button button-small"
            aria-pressed={raw}
            onClick={() => setRaw((v) => !v)}
          >
            {raw ? 'Pretty' : 'Raw'}
          </button>
        )}
        {message.body && <CopyButton text={message.body} label="Copy the body" />}
      </header>
      {message.body ? (
        <pre tabIndex={0} className="body-block" data-testid="inbox-body">
          {pretty && !raw ? pretty.text : message.body}
        </pre>
      ) : (
        <p className="muted">Empty body</p>
      )}
      {message.body_truncated && (
        <p className="hint">The body was {message.body_bytes} bytes; only the first 256 KiB were kept.</p>
      )}
    </section>
  );
}

function Headers({ headers }: { headers: Record<string, string> }) {
  return (
    <section className="request-body" aria-label="Headers">
      <header className="request-body-header">
        <h4>Headers</h4>
      </header>
      <dl className="inbox-headers mono">
        {Object.entries(headers).map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Loaded() {
  const detail = useConsoleStore((state) => state.inbox.detail);
  if (detail.phase !== 'ready') {
    const text = {
      loading: 'Loading the headers and body…',
      gone: 'This message is gone: each inbox keeps its newest 1,000, and a restart empties it.',
      error: 'Could not load the message; close and open it again.',
    }[detail.phase];
    return <p className="muted">{text}</p>;
  }
  return (
    <>
      <Headers headers={detail.message.headers} />
      <Body message={detail.message} />
    </>
  );
}

export function InboxMessageDetail({ summary }: { summary: InboxMessageSummary }) {
  const dialogRef = useModalDialog();
  const open = useConsoleStore((state) => state.openInboxMessage);

  return (
    <dialog
      ref={dialogRef}
      className="drawer"
      aria-labelledby="inbox-message-title"
      onClose={() => open(null)}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialogRef.current?.close();
      }}
    >
      <div className="drawer-inner">
        <header className="drawer-header">
          <div>
            <h3 id="inbox-message-title" className="mono request-line">
              {summary.method} /_inbox/{summary.inbox}
            </h3>
            <p className="sub mono">{summary.event_type ?? summary.id}</p>
          </div>
          <button
            type="button"
            className="button button-small"
            aria-label="Close the message"
            onClick={() => dialogRef.current?.close()}
          >
            Close
          </button>
        </header>
        <div className={`inbox-verdict verdict-${summary.verification.state}`}>
          <VerifyBadge state={summary.verification.state} />
          <p>{summary.verification.reason}</p>
        </div>
        <dl className="facts">
          <div>
            <dt>Received</dt>
            <dd>{formatDateTime(summary.received_at)} (sandbox time)</dd>
          </div>
          <div>
            <dt>Answered</dt>
            <dd>
              <StatusCode status={summary.answer.status} />
              {summary.answer.delay_ms > 0 && ` after ${summary.answer.delay_ms} ms`}
            </dd>
          </div>
          <div>
            <dt>webhook-id</dt>
            <dd className="mono">{summary.webhook_id ?? '—'}</dd>
          </div>
          <div>
            <dt>Message id</dt>
            <dd className="mono">{summary.id}</dd>
          </div>
        </dl>
        <Loaded />
      </div>
    </dialog>
  );
}
