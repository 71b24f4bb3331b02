// What the shown inbox received, newest first and live: time, method, event type, verify badge.
import { useSandboxDay } from '../../hooks/useNow';
import { formatLogTime } from '../../lib/dates';
import { useConsoleStore } from '../../store/consoleStore';
import { StatusCode } from '../requests/StatusCode';
import { VerifyBadge } from './VerifyBadge';
import { arrowBetweenRows } from '../../lib/rowArrows';

const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`);

export function InboxMessages() {
  const messages = useConsoleStore((state) => state.inbox.messages);
  const today = useSandboxDay();
  const phase = useConsoleStore((state) => state.inbox.phase);
  const selectedId = useConsoleStore((state) => state.inbox.selected?.id);
  const open = useConsoleStore((state) => state.openInboxMessage);
  const name = useConsoleStore((state) => state.inbox.name);

  return (
    <section className="panel inbox-messages" aria-labelledby="messages-title">
      <header className="panel-header">
        <h3 id="messages-title">Received</h3>
        <span className="count">
          {messages.length} {messages.length === 1 ? 'message' : 'messages'} (the newest 1,000 are kept, until
          the sandbox restarts)
        </span>
      </header>
      {messages.length === 0 ? (
        <div className="panel-empty">
          <p className="empty-title">{phase === 'loading' ? 'Loading…' : 'Nothing received yet'}</p>
          <p className="muted">
            POST anything to <code>/_inbox/{name}</code>, or add the inbox as an endpoint on the Webhooks
            screen: every payment link event then lands here, with its signature checked.
          </p>
        </div>
      ) : (
        <div className="table-scroll" onKeyDown={(event) => arrowBetweenRows(event, 'tr[data-message-id]')}>
          <table className="requests inbox-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Method</th>
                <th scope="col">Event</th>
                <th scope="col">Signature</th>
                <th scope="col">Answered</th>
                <th scope="col" className="num">
                  Size
                </th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr
                  key={message.id}
                  data-message-id={message.id}
                  aria-selected={message.id === selectedId}
                  tabIndex={0}
                  onClick={() => open(message)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && event.target === event.currentTarget) {
                      event.preventDefault();
                      open(message);
                    }
                  }}
                >
                  <td className="mono num" title={message.received_at}>
                    {formatLogTime(message.received_at, today)}
                  </td>
                  <td>
                    <span className="method">{message.method}</span>
                  </td>
                  <td className="ellipsis-cell mono">
                    {message.event_type ?? <span className="muted">{message.content_type ?? '—'}</span>}
                  </td>
                  <td>
                    <VerifyBadge state={message.verification.state} reason={message.verification.reason} />
                  </td>
                  <td>
                    <StatusCode status={message.answer.status} />
                    {message.answer.delay_ms > 0 && (
                      <span className="muted"> after {message.answer.delay_ms} ms</span>
                    )}
                  </td>
                  <td className="num">{size(message.body_bytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
