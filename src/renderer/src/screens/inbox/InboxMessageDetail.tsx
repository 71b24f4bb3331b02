// One received message: why it verified or not, how it was answered, its headers and its body.
import type { InboxMessageSummary } from '../../../../shared/types';
import { BodyBlock } from '../../components/BodyBlock';
import { useModalDialog } from '../../hooks/useModalDialog';
import { formatDateTime } from '../../lib/dates';
import { useConsoleStore } from '../../store/consoleStore';
import { HeaderList } from '../requests/HeaderList';
import { StatusCode } from '../requests/StatusCode';
import { InboxResend } from './InboxResend';
import { VerifyBadge } from './VerifyBadge';

function Loaded() {
  const detail = useConsoleStore((state) => state.inbox.detail);
  if (detail.phase !== 'ready') {
    const text = {
      loading: 'Loading the headers and body…',
      gone: 'This message is gone: each inbox keeps its newest 1,000, until Clear or POST /sandbox/reset empties it.',
      error: 'Could not load the message; close and open it again.',
    }[detail.phase];
    return <p className="muted">{text}</p>;
  }
  return (
    <>
      <InboxResend message={detail.message} />
      <HeaderList title="Headers" headers={detail.message.headers} />
      <BodyBlock
        label="Body"
        heading={detail.message.body_encoding === 'base64' ? 'Body (binary, as base64)' : 'Body'}
        body={detail.message.body}
        json={detail.message.body_encoding === 'utf8'}
        testId="inbox-body"
        hint={
          detail.message.body_truncated
            ? `The body was ${detail.message.body_bytes} bytes; only the first 256 KiB were kept.`
            : undefined
        }
      />
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
            <dt>Link</dt>
            <dd className="mono" data-testid="inbox-link-id">
              {summary.link_id ?? '—'}
            </dd>
          </div>
          <div>
            <dt>Query string</dt>
            <dd className="mono" data-testid="inbox-query">
              {summary.query === '' ? '—' : `?${summary.query}`}
            </dd>
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
