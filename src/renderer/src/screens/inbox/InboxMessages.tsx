// What the shown inbox received, newest first and live, or what the search matches of it. Messages
// of one webhook-id (a delivery and its retries) are one row with a count, which opens to show each
// attempt; each row's box picks it for Compare.
import { Fragment, useState } from 'react';
import type { InboxMessageSummary } from '../../../../shared/types';
import { groupByWebhookId } from '../../../../shared/inboxGroups';
import { useSandboxDay } from '../../hooks/useNow';
import { formatLogTime } from '../../lib/dates';
import { INBOX_MESSAGE_CAP, INBOX_TOTAL_MIB } from '../../lib/inboxAnswer';
import { useConsoleStore } from '../../store/consoleStore';
import { StatusCode } from '../requests/StatusCode';
import { VerifyBadge } from './VerifyBadge';
import { arrowBetweenRows } from '../../lib/rowArrows';
import { OfflineGate } from '../../components/OfflineGate';
import { PayloadSearchBox } from '../../components/PayloadSearchBox';
import { CompareTray } from '../compare/CompareTray';
import { PickBox } from '../compare/PickBox';

const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`);

function MessageRow({
  message,
  today,
  group,
}: {
  message: InboxMessageSummary;
  today: number;
  /** On a group's first row: how many it holds, whether it is open, and how to open it. */
  group?: { count: number; open: boolean; toggle(): void };
}) {
  const selectedId = useConsoleStore((state) => state.inbox.selected?.id);
  const open = useConsoleStore((state) => state.openInboxMessage);
  const attempt = group === undefined && message.webhook_id !== null;
  return (
    <tr
      data-message-id={message.id}
      className={attempt ? 'inbox-attempt' : undefined}
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
      <td className="mono num">
        <span className="inbox-time">
          <PickBox
            pick={{
              kind: 'inbox',
              inbox: message.inbox,
              id: message.id,
              label: `${message.event_type ?? message.method} ${message.id}`,
            }}
          />
          <span title={message.received_at}>{formatLogTime(message.received_at, today)}</span>
        </span>
      </td>
      <td className="ellipsis-cell mono">
        <span className="method">{message.method}</span>
        {message.query !== '' && (
          <span className="inbox-query" title={`?${message.query}`}>
            {' '}
            ?{message.query}
          </span>
        )}
      </td>
      <td className="ellipsis-cell mono">
        {message.event_type ?? <span className="muted">{message.content_type ?? '—'}</span>}
      </td>
      <td className="ellipsis-cell mono" title={message.link_id ?? undefined}>
        {message.link_id ?? <span className="muted">—</span>}
      </td>
      <td className="ellipsis-cell mono">
        {group && group.count > 1 && (
          <button
            type="button"
            className="button button-small inbox-group-count"
            aria-expanded={group.open}
            aria-label={`${group.count} deliveries of ${message.webhook_id}: ${group.open ? 'hide' : 'show'} each`}
            onClick={(event) => {
              event.stopPropagation();
              group.toggle();
            }}
          >
            ×{group.count}
          </button>
        )}{' '}
        <span title={message.webhook_id ?? undefined}>
          {message.webhook_id ?? <span className="muted">—</span>}
        </span>
      </td>
      <td>
        <VerifyBadge state={message.verification.state} reason={message.verification.reason} />
      </td>
      <td>
        <StatusCode status={message.answer.status} />
        {message.answer.delay_ms > 0 && <span className="muted"> after {message.answer.delay_ms} ms</span>}
      </td>
      <td className="num">{size(message.body_bytes)}</td>
    </tr>
  );
}

export function InboxMessages() {
  const messages = useConsoleStore((state) => state.inbox.messages);
  const today = useSandboxDay();
  const phase = useConsoleStore((state) => state.inbox.phase);
  const name = useConsoleStore((state) => state.inbox.name);
  const query = useConsoleStore((state) => state.inbox.query);
  const searchProblem = useConsoleStore((state) => state.inbox.searchProblem);
  const setQuery = useConsoleStore((state) => state.setInboxQuery);
  const searched = query.trim() !== '';
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const groups = groupByWebhookId(messages);
  const toggle = (key: string) =>
    setOpened((known) => {
      const next = new Set(known);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <section className="panel inbox-messages" aria-labelledby="messages-title">
      <header className="panel-header">
        <h3 id="messages-title">Received</h3>
        <span className="count" data-testid="inbox-kept">
          {messages.length}{' '}
          {searched
            ? messages.length === 1
              ? 'match'
              : 'matches'
            : messages.length === 1
              ? 'message'
              : 'messages'}
          {groups.length < messages.length &&
            ` in ${groups.length} ${groups.length === 1 ? 'group' : 'groups'}`}{' '}
          · kept across restarts: each inbox’s newest {INBOX_MESSAGE_CAP.toLocaleString('en')}, all inboxes{' '}
          {INBOX_TOTAL_MIB} MiB
        </span>
      </header>
      <div className="panel-subbar">
        <OfflineGate>
          <PayloadSearchBox
            label="Search messages by what they carry"
            value={query}
            problem={searchProblem}
            onSearch={setQuery}
          />
        </OfflineGate>
        <CompareTray />
      </div>
      {messages.length === 0 && (searched || searchProblem) ? (
        <div className="panel-empty">
          <p className="empty-title">
            {phase === 'loading'
              ? 'Searching…'
              : searchProblem
                ? 'The search cannot run'
                : 'No messages match'}
          </p>
          <p className="muted">
            {searchProblem
              ? 'Fix it as it says under the search box.'
              : `The search reads every message inbox ${name} keeps; change it, or clear it to see them all.`}
          </p>
        </div>
      ) : messages.length === 0 ? (
        <div className="panel-empty">
          <p className="empty-title">{phase === 'loading' ? 'Loading…' : 'Nothing received yet'}</p>
          <p className="muted">
            POST anything to <code>/_inbox/{name}</code>, or add the inbox as an endpoint on the Webhooks
            screen: every payment link event then lands here, with its signature checked.
          </p>
        </div>
      ) : (
        <div className="table-scroll" onKeyDown={(event) => arrowBetweenRows(event, 'tr[data-message-id]')}>
          <table className="log-table inbox-table">
            <colgroup>
              {['time', 'request', 'event', 'link', 'webhook', 'signature', 'answered', 'size'].map((col) => (
                <col key={col} className={`inbox-col-${col}`} />
              ))}
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Request</th>
                <th scope="col">Event</th>
                <th scope="col">Link</th>
                <th scope="col">webhook-id</th>
                <th scope="col">Signature</th>
                <th scope="col">Answered</th>
                <th scope="col" className="num">
                  Size
                </th>
              </tr>
            </thead>
            <tbody>
              {groups.map(({ key, messages: inGroup }) => {
                const [newest, ...earlier] = inGroup as [InboxMessageSummary, ...InboxMessageSummary[]];
                const isOpen = opened.has(key);
                return (
                  <Fragment key={key}>
                    <MessageRow
                      message={newest}
                      today={today}
                      group={{ count: inGroup.length, open: isOpen, toggle: () => toggle(key) }}
                    />
                    {isOpen && earlier.map((m) => <MessageRow key={m.id} message={m} today={today} />)}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
