// One received message: why it verified or not, how it was answered, its headers and its body.
import type { InboxMessageSummary } from '../../../../shared/types';
import { BodyBlock } from '../../components/BodyBlock';
import { Drawer } from '../../components/Drawer';
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
  const open = useConsoleStore((state) => state.openInboxMessage);

  return (
    <Drawer
      title={`${summary.method} /_inbox/${summary.inbox}`}
      monoTitle
      sub={summary.event_type ?? summary.id}
      onClose={() => open(null)}
    >
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
    </Drawer>
  );
}
